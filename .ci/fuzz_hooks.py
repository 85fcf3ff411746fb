"""Schemathesis hooks for .ci/fuzz (loaded through SCHEMATHESIS_HOOKS=fuzz_hooks)."""

import json
import os
import re
import urllib.request

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


@schemathesis.hook
def after_call(context, case, response):
    """Turn trading back on after the fuzzer suspends it on /v2.

    `PATCH /v2/account/configurations` with `suspend_trade: true`, which the fuzzer sends
    now and then, would answer every later order 403, so that the rest of the run would
    not reach the order engine. The PATCH itself is checked as sent; then the account is
    set trading again, with the fuzzer's own key, before the next case.
    """
    operation = case.operation
    if operation.method.upper() != "PATCH" or operation.path != "/v2/account/configurations":
        return
    if response.status_code != 200:
        return
    try:
        suspended = json.loads(response.content).get("suspend_trade")
    except (ValueError, AttributeError):
        return
    if suspended is not True:
        return
    sent = response.request
    headers = {
        name: value
        for name, value in sent.headers.items()
        if name.lower() in ("apca-api-key-id", "apca-api-secret-key", "authorization")
    }
    headers["Content-Type"] = "application/json"
    request = urllib.request.Request(
        sent.url, data=b'{"suspend_trade": false}', method="PATCH", headers=headers
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        if answer.status != 200:
            raise RuntimeError(f"turning suspend_trade off answered {answer.status}")
