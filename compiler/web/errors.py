"""The one error type of the playground's API: an HTTP status, a code and a message.

Every refusal the server gives is JSON: ``{"error": {"code": ..., "message": ...}}``, plus
any extra fields (the diagnostics of a spec with errors).  Never a traceback or an HTML page.
"""

from __future__ import annotations


class ApiError(Exception):
    """A request refused or failed: `status` (HTTP), `code` (a word), `message` (a sentence)."""

    def __init__(self, status: int, code: str, message: str, **extra):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict:
        """The JSON body of the response."""
        return {"error": {"code": self.code, "message": self.message}} | self.extra


def bad_request(message: str, **extra) -> ApiError:
    """400: the request itself is wrong."""
    return ApiError(400, "bad_request", message, **extra)


def busy(message: str) -> ApiError:
    """503: every worker of the lane is busy and its queue is full."""
    return ApiError(503, "busy", message)
