"""A local stand-in for a Supabase project, for tests: PostgreSQL, PostgREST, Auth, Storage."""
