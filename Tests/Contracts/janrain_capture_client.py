"""janrain-python-api 0.4.0 (Janrain's own Capture API client, from its sdist on PyPI; .ci/setup puts it
beside the virtual environment and the test puts it on PYTHONPATH) over bridge serve's Capture server API,
unchanged: signed calls (its default) to entity.count, entity.find, entity.create, entity, entity.update and
entity.delete with the emulator's default API client; the same with the credentials as parameters; a wrong
secret and a stale signature refused with Capture's 402; and a user's access token (Authorization: OAuth)
reading its own record but not finding others. Usage: python janrain_capture_client.py BASE_URL"""
import sys
import time

import requests
from janrain.capture import Api
from janrain.capture.exceptions import ApiResponseError
import janrain.capture.api as capture_api

base = sys.argv[1]
credentials = {"client_id": "bridge-api-client", "client_secret": "bridge-api-secret"}
api = Api(base, credentials)


def refused(call, code, **arguments):
    try:
        api_or_call = call(**arguments)
    except ApiResponseError as error:
        assert error.code == code, (error.code, error.response)
        return error.response
    raise AssertionError(f"not refused: {api_or_call}")


assert api.call("entity.count", type_name="user") == {"stat": "ok", "total_count": 1}
found = api.call("entity.find", type_name="user", filter="email = 'ada@example.com'", attributes=["uuid", "email", "displayName"])
assert found["result_count"] == 1 and found["results"][0]["displayName"] == "Ada Lovelace", found

created = api.call("entity.create", type_name="user",
                   attributes={"email": "grace@example.com", "displayName": "Grace Hopper", "password": "flow-matic-1955",
                               "primaryAddress": {"city": "Arlington"}})
assert created["stat"] == "ok" and created["uuid"] and isinstance(created["id"], int), created
record = api.call("entity", type_name="user", key_attribute="email", key_value='"grace@example.com"')["result"]
assert record["uuid"] == created["uuid"] and record["primaryAddress"] == {"city": "Arlington"} and "password" not in record, record
assert api.call("entity", type_name="user", id=created["id"])["result"]["email"] == "grace@example.com"

api.call("entity.update", type_name="user", uuid=created["uuid"], attributes={"displayName": "Rear Admiral Hopper"})
assert api.call("entity", type_name="user", uuid=created["uuid"])["result"]["displayName"] == "Rear Admiral Hopper"
assert api.call("entity.count", type_name="user", filter="displayName = 'Rear Admiral Hopper' or email = 'ada@example.com'")["total_count"] == 2
assert api.call("entity.count", type_name="user", filter="primaryAddress.city is not null")["total_count"] == 1
page = api.call("entity.find", type_name="user", sort_on=["-email"], max_results=1, show_total_count=True)
assert page["result_count"] == 1 and page["total_count"] == 2 and page["results"][0]["email"] == "grace@example.com", page

# A duplicate e-mail, an unknown record, a malformed filter, an unknown type: Capture's codes.
refused(api.call, 361, api_call="entity.create", type_name="user", attributes={"email": "ada@example.com"})
refused(api.call, 310, api_call="entity", type_name="user", uuid="00000000-0000-0000-0000-000000000000")
refused(api.call, 200, api_call="entity.find", type_name="user", filter="email = 'unclosed")
refused(api.call, 222, api_call="entity.count", type_name="pets")

# The credentials as parameters, unsigned, work as well; a wrong secret does not.
plain = Api(base, credentials, sign_requests=False)
assert plain.call("entity.count", type_name="user")["total_count"] == 2
wrong = Api(base, {"client_id": "bridge-api-client", "client_secret": "not-the-secret"})
try:
    wrong.call("entity.count", type_name="user")
    raise AssertionError("a wrong secret was accepted")
except ApiResponseError as error:
    assert error.code == 402 and error.error == "invalid_client_credentials", error.response

# A signature made ten minutes ago is stale.
real_gmtime = capture_api.time.gmtime
capture_api.time.gmtime = lambda *args: real_gmtime(time.time() - 600)
try:
    api.call("entity.count", type_name="user")
    raise AssertionError("a stale signature was accepted")
except ApiResponseError as error:
    assert error.code == 402, error.response
finally:
    capture_api.time.gmtime = real_gmtime

# A user's access token (the widget's native sign-in) reads its own record; it cannot search others.
signed_in = requests.post(f"{base}/oauth/auth_native_traditional", data={
    "client_id": "app", "flow": "standard", "flow_version": "HEAD", "locale": "en-US", "redirect_uri": "https://yourdomain.com/",
    "response_type": "token", "form": "signInForm", "signInEmailAddress": "grace@example.com", "currentPassword": "flow-matic-1955"}).json()
assert signed_in["stat"] == "ok", signed_in
own = Api(base, {"access_token": signed_in["access_token"]})
assert own.call("entity")["result"]["email"] == "grace@example.com"
try:
    own.call("entity.find", type_name="user")
    raise AssertionError("an access token searched the users")
except ApiResponseError as error:
    assert error.code == 205, error.response

api.call("entity.delete", type_name="user", uuid=created["uuid"])
assert api.call("entity.count", type_name="user")["total_count"] == 1
print("janrain-python-api: ok")
