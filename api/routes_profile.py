"""The signed-in doctor's signer profile over HTTP: the name and credentials each signed
version carries (issue #26). A doctor reads and sets only their own."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from pydantic import BaseModel, Field

from api import schemas
from api.dependencies import CurrentCaller
from core.review import SignerProfile

router = APIRouter(prefix="/api/v1/me", tags=["review"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
    )
}


class SignerProfileIn(BaseModel):
    display_name: str = Field(description='The name as signed, e.g. "Dr Alice Smith"')
    credentials: str = Field("", description='Credentials, e.g. "MD"')


class SignerProfileOut(SignerProfileIn):
    signature: str = Field(description='As the signature reads: "Dr Alice Smith, MD"')


def _out(profile: SignerProfile | None) -> dict[str, Any]:
    if profile is None:
        return {"display_name": "", "credentials": "", "signature": ""}
    return {
        "display_name": profile.display_name,
        "credentials": profile.credentials,
        "signature": profile.signature,
    }


@router.get("/signer-profile", response_model=SignerProfileOut, responses=_ERRORS)
def signer_profile(caller: CurrentCaller) -> dict[str, Any]:
    """How you sign; empty until you set it (signing is refused until then)."""
    return _out(caller.services.review.signer_profile())


@router.put("/signer-profile", response_model=SignerProfileOut, responses=_ERRORS)
def save_signer_profile(
    caller: CurrentCaller, body: Annotated[SignerProfileIn, Body()]
) -> dict[str, Any]:
    """Set your name as signed and credentials, used from your next signature."""
    return _out(caller.services.review.save_signer_profile(body.display_name, body.credentials))
