"""Schemathesis hooks for .ci/fuzz (loaded through SCHEMATHESIS_HOOKS=fuzz_hooks)."""

import os
import re

import schemathesis

PROTECTED_TOKEN_ID = os.environ.get("RAVEN_FUZZ_PROTECTED_TOKEN_ID", "")


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    """Never revoke the token the fuzzer signs in with: the rest of the run would be 401s.

    Any id whose digits spell the token's id is skipped (more than the server would read
    as that id, which is harmless: those cases are 404s the rest of the run covers).
    """
    operation = context.operation
    if operation is None or not PROTECTED_TOKEN_ID:
        return True
    if operation.method.upper() != "DELETE" or operation.path != "/api/v1/auth/tokens/{id}":
        return True
    digits = re.sub(r"[^0-9]", "", str(path_parameters.get("id", ""))).lstrip("0")
    return digits != PROTECTED_TOKEN_ID
