-- A minimal stand-in for what a Supabase project has before any migration runs:
-- the API roles (and authenticator, which PostgREST logs in as), auth.users with
-- auth.uid(), the storage schema, and Supabase's default grants (everything in public is
-- granted to anon, authenticated and service_role, so only row-level security keeps
-- doctors apart). Shapes follow Supabase's own schemas,
-- trimmed to the columns MedCase and the local test stack use.

do $$
begin
    if not exists (select 1 from pg_roles where rolname = 'anon') then
        create role anon nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'authenticated') then
        create role authenticated nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'service_role') then
        create role service_role nologin noinherit bypassrls;
    end if;
    -- The role PostgREST logs in as (the stand-in connects as the owner and sets the
    -- token's role itself); a role a token may name is granted to it.
    if not exists (select 1 from pg_roles where rolname = 'authenticator') then
        create role authenticator nologin noinherit;
    end if;
end
$$;

-- Auth ------------------------------------------------------------------------------------

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

create table auth.users (
    id uuid primary key default gen_random_uuid(),
    email text unique,
    encrypted_password text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- The signed-in user's id, read from the request's JWT claims as PostgREST sets them.
create function auth.uid() returns uuid
    language sql stable
as $$
    select nullif(
        coalesce(
            nullif(current_setting('request.jwt.claim.sub', true), ''),
            nullif(current_setting('request.jwt.claims', true), '')::json ->> 'sub'
        ),
        ''
    )::uuid
$$;

create function auth.role() returns text
    language sql stable
as $$
    select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role'
    )
$$;

grant execute on function auth.uid(), auth.role() to anon, authenticated, service_role;

-- Storage ---------------------------------------------------------------------------------

create schema storage;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
    id text primary key,
    name text not null unique,
    owner uuid,
    public boolean not null default false,
    file_size_limit bigint,
    allowed_mime_types text[],
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text not null references storage.buckets (id),
    name text not null,
    owner uuid default auth.uid(),
    metadata jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_accessed_at timestamptz not null default now(),
    path_tokens text[] generated always as (string_to_array(name, '/')) stored,
    unique (bucket_id, name)
);

-- The folders of an object name: 'a/b/c.pdf' -> {a,b}.
create function storage.foldername(name text) returns text[]
    language sql immutable
as $$
    select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create function storage.filename(name text) returns text
    language sql immutable
as $$
    select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;

-- Supabase's default grants on public --------------------------------------------------

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public
    grant all on functions to anon, authenticated, service_role;
