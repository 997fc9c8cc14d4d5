"""How strong a new password must be, judged by zxcvbn (the strength estimator Dropbox
published): it knows common passwords, names, keyboard runs, dates and l33t spellings,
which a length rule alone lets through ("password", "12345678")."""

from __future__ import annotations

from typing import Any

from zxcvbn import zxcvbn

from core.errors import InvalidInput

MIN_LENGTH = 8
MIN_SCORE = 3  # zxcvbn's 0..4; 3 is "safely unguessable: moderate protection offline"
# zxcvbn's matching grows quickly with length; past this a password's tail adds only strength.
_JUDGED_CHARACTERS = 100


def check_strength(password: Any, email: str = "") -> None:
    """Refuse a password that is short, blank or easy to guess, saying why."""
    if not isinstance(password, str) or len(password) < MIN_LENGTH:
        raise InvalidInput(f"Password must be at least {MIN_LENGTH} characters")
    if not password.strip():
        raise InvalidInput("Password must not be only spaces")
    hints = [email, email.partition("@")[0], "medcase", "clinic", "doctor"] if email else []
    verdict = zxcvbn(password[:_JUDGED_CHARACTERS], user_inputs=[h for h in hints if h])
    if verdict["score"] < MIN_SCORE:
        feedback = verdict["feedback"]
        reasons = [feedback.get("warning") or "", *feedback.get("suggestions", [])]
        said = " ".join(r.strip() for r in reasons if r and r.strip())
        raise InvalidInput(f"Password is too easy to guess. {said}".strip())
