"""The Storage subset: upload, download, remove and list objects in a bucket.

As in Supabase Storage, an object is a row in ``storage.objects`` (written as the caller,
so the bucket policies of the migration decide) plus its bytes, kept here in a folder.
The bytes are written only after the row is accepted, and removed after the row goes.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import psycopg
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.supabase_stack.server import Project, StackError

_UPLOAD_FORM = {"file", "cacheControl"}
_UPLOAD_HEADERS_ALLOWED = {"false", None}  # x-upsert: MedCase never overwrites a file
_LIST_FIELDS = {"limit", "offset", "sortBy", "prefix"}


def _error(http_status: int, status: str, error: str, message: str) -> StackError:
    return StackError(http_status, {"statusCode": status, "error": error, "message": message})


def _denied(error: psycopg.errors.InsufficientPrivilege) -> StackError:
    return _error(400, "403", "Unauthorized", error.diag.message_primary or "denied")


class Objects:
    def __init__(self, project: Project) -> None:
        self.project = project
        self.root = project.storage_root

    def path(self, bucket: str, name: str) -> Path:
        parts = name.split("/")
        if any(part in ("", ".", "..") for part in parts):
            raise _error(400, "400", "InvalidKey", f"Invalid key: {name}")
        return self.root / bucket / name

    def claims(self, request: Request) -> dict[str, Any]:
        try:
            return self.project.claims(request, expired_code="InvalidJWT")
        except StackError as error:
            message = "jwt expired" if "expired" in error.body["message"] else "invalid jwt"
            raise _error(400, "403", "Unauthorized", message) from None

    def bucket_exists(self, bucket: str) -> tuple[int | None, list[str] | None]:
        """The bucket's size limit and allowed MIME types (None: no limit)."""
        with self.project.connect() as connection:
            found = connection.execute(
                "select file_size_limit, allowed_mime_types from storage.buckets where id = %s",
                [bucket],
            ).fetchone()
        if found is None:
            raise _error(400, "404", "Bucket not found", "Bucket not found")
        return found[0], found[1]

    def upload(self, claims: dict, bucket: str, name: str, content: bytes, mime: str) -> dict:
        # Storage's own checks, with its status codes and words.
        size_limit, allowed = self.bucket_exists(bucket)
        if size_limit is not None and len(content) > size_limit:
            raise _error(
                413, "413", "Payload too large", "The object exceeded the maximum allowed size"
            )
        if allowed is not None and mime.split(";")[0].strip() not in allowed:
            raise _error(415, "415", "invalid_mime_type", f"mime type {mime} is not supported")
        path = self.path(bucket, name)
        try:
            with self.project.as_caller(claims) as connection:
                object_id = connection.execute(
                    "insert into storage.objects (bucket_id, name, owner, metadata)"
                    " values (%s, %s, %s, %s) returning id::text",
                    [
                        bucket,
                        name,
                        claims.get("sub"),
                        psycopg.types.json.Jsonb({"mimetype": mime, "size": len(content)}),
                    ],
                ).fetchone()[0]
                # Bytes first, commit after: a failed write leaves no row behind.
                path.parent.mkdir(parents=True, exist_ok=True)
                temporary = path.with_name(f".{uuid.uuid4().hex}")
                temporary.write_bytes(content)
                os.replace(temporary, path)
        except psycopg.errors.InsufficientPrivilege as error:
            raise _denied(error) from None
        except psycopg.errors.UniqueViolation:
            raise _error(400, "409", "Duplicate", "The resource already exists") from None
        return {"Key": f"{bucket}/{name}", "Id": object_id}

    def download(self, claims: dict, bucket: str, name: str) -> bytes:
        with self.project.as_caller(claims) as connection:
            found = connection.execute(
                "select 1 from storage.objects where bucket_id = %s and name = %s",
                [bucket, name],
            ).fetchone()
        path = self.path(bucket, name)
        if found is None or not path.is_file():
            raise _error(400, "404", "not_found", "Object not found")
        return path.read_bytes()

    def remove(self, claims: dict, bucket: str, names: list[str]) -> list[dict]:
        with self.project.as_caller(claims) as connection:
            rows = connection.execute(
                "delete from storage.objects where bucket_id = %s and name = any(%s)"
                " returning id::text, name",
                [bucket, names],
            ).fetchall()
        for _object_id, name in rows:
            self.path(bucket, name).unlink(missing_ok=True)
        return [{"id": object_id, "name": name, "bucket_id": bucket} for object_id, name in rows]

    def list(self, claims: dict, bucket: str, prefix: str, limit: int, offset: int) -> list:
        folder = prefix.strip("/")
        with self.project.as_caller(claims) as connection:
            rows = connection.execute(
                "select id::text, name from storage.objects where bucket_id = %s"
                " and name like %s order by name",
                [bucket, f"{folder}/%" if folder else "%"],
            ).fetchall()
        entries: dict[str, dict[str, Any]] = {}
        for object_id, name in rows:
            rest = name[len(folder) + 1 :] if folder else name
            head, _, tail = rest.partition("/")
            if tail:  # deeper: show the sub-folder once, without an id
                entries.setdefault(head, {"name": head, "id": None, "metadata": None})
            else:
                entries[head] = {"name": head, "id": object_id, "metadata": {}}
        ordered = [entries[key] for key in sorted(entries)]
        return ordered[offset : offset + limit]


def routes(project: Project) -> list[Route]:
    objects = Objects(project)

    async def one_object(request: Request) -> Response:
        if request.query_params:
            raise _error(400, "400", "InvalidRequest", "Unexpected query parameters")
        claims = objects.claims(request)
        bucket, name = request.path_params["bucket"], request.path_params["name"]
        if request.method == "GET":
            content = await run_in_threadpool(objects.download, claims, bucket, name)
            return Response(content, media_type="application/octet-stream")
        if request.headers.get("x-upsert") not in _UPLOAD_HEADERS_ALLOWED:
            raise _error(400, "400", "InvalidRequest", "x-upsert is not supported")
        form = await request.form()
        if set(form) - _UPLOAD_FORM or "file" not in form:
            raise _error(400, "400", "InvalidRequest", f"Unexpected form fields {sorted(form)}")
        upload = form["file"]
        content = await upload.read()
        mime = upload.content_type or "application/octet-stream"
        answer = await run_in_threadpool(objects.upload, claims, bucket, name, content, mime)
        return JSONResponse(answer)

    async def remove(request: Request) -> Response:
        claims = objects.claims(request)
        body = await request.json()
        if not isinstance(body, dict) or set(body) != {"prefixes"}:
            raise _error(400, "400", "InvalidRequest", "Body must be {prefixes: [...]}")
        names = [str(name) for name in body["prefixes"]]
        removed = await run_in_threadpool(
            objects.remove, claims, request.path_params["bucket"], names
        )
        return JSONResponse(removed)

    async def listing(request: Request) -> Response:
        claims = objects.claims(request)
        body = await request.json()
        if not isinstance(body, dict) or set(body) - _LIST_FIELDS:
            raise _error(400, "400", "InvalidRequest", f"Unexpected list fields {sorted(body)}")
        if body.get("sortBy", {"column": "name", "order": "asc"}) != {
            "column": "name",
            "order": "asc",
        }:
            raise _error(400, "400", "InvalidRequest", "Only sortBy name asc is supported")
        entries = await run_in_threadpool(
            objects.list,
            claims,
            request.path_params["bucket"],
            str(body.get("prefix", "")),
            int(body.get("limit", 100)),
            int(body.get("offset", 0)),
        )
        return JSONResponse(entries)

    return [
        Route("/object/list/{bucket}", listing, methods=["POST"]),
        Route("/object/{bucket}/{name:path}", one_object, methods=["GET", "POST"]),
        Route("/object/{bucket}", remove, methods=["DELETE"]),
    ]
