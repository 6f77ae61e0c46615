"""Janrain Social Login (Engage) and Capture's social sign-in as their documentation and Janrain's sample
token URLs make the calls, with Python's requests against bridge serve: a browser's hops through
/PROVIDER/start?token_url=... (Janrain Education Center, "IDP Authentication (No Widget)"), the identity
provider's consent form posted as a browser posts it, the callback, the token at the token URL; then what a
token URL's server does with it (Janrain-Sample-Code: auth_info with token, apiKey and format=json) and
Capture's oauth/auth_native with the token (techdocs.akamai.com "Complete social login": a JSON body; the
Education Center's example: a form), the two-step registration's record_not_found, and Engage's err codes.
Usage: python engage_rest.py BASE_URL"""
import sys
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlencode, urlsplit

import requests

base = sys.argv[1]
token_url = "https://yourdomain.com/engage/token"
api_key = "bridge-engage-api-key"


class ConsentForm(HTMLParser):
    """The identity provider's form: its action and fields, as a browser would submit them."""

    def __init__(self):
        super().__init__()
        self.action, self.fields = None, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.action = attrs.get("action")
        elif tag == "input" and attrs.get("name"):
            self.fields[attrs["name"]] = attrs.get("value", "")


def hop(response):
    assert response.status_code == 302, (response.status_code, response.text)
    return response.headers["Location"]


def sign_in(provider, decision, email="ada@example.com", to=token_url):
    """Start to token URL; the token URL's query as the browser would load it."""
    browser = requests.Session()
    idp = hop(browser.get(f"{base}/{provider}/start", params={"token_url": to, "language_preference": "en"}, allow_redirects=False))
    page = browser.get(idp)
    assert page.status_code == 200 and "text/html" in page.headers["Content-Type"], page.text
    form = ConsentForm()
    form.feed(page.text)
    form.fields.update({"email": email, "decision": decision})
    callback = hop(browser.post(base + form.action, data=form.fields, allow_redirects=False))
    assert urlsplit(callback).path == f"/{provider}/callback", callback
    arrived = hop(browser.get(callback, allow_redirects=False))
    assert arrived.startswith(to.split("?")[0]), arrived
    return {name: values[0] for name, values in parse_qs(urlsplit(arrived).query).items()}


def auth_info(**fields):
    answer = requests.post(f"{base}/api/v2/auth_info", data=fields)
    assert answer.status_code == 200, answer.text
    return answer.json()


# The token URL's server: auth_info with the token and the API key (Janrain's sample code).
token = sign_in("google", "allow")["token"]
info = auth_info(token=token, apiKey=api_key, format="json")
assert info["stat"] == "ok", info
profile = info["profile"]
assert profile["email"] == "ada@example.com" and profile["providerName"] == "Google" and profile["identifier"], profile
again = auth_info(token=token, apiKey=api_key, format="json")
assert again["stat"] == "fail" and again["err"]["code"] == 2, again
assert auth_info(token=sign_in("google", "allow")["token"], apiKey="wrong")["err"]["code"] == 3
assert auth_info(apiKey=api_key)["err"]["code"] == 0

# A cancelled sign-in reaches the token URL with the error and no token.
cancelled = sign_in("facebook", "cancel")
assert cancelled.get("error") == "access_denied" and "token" not in cancelled, cancelled

# Capture's oauth/auth_native with Social Login's token: a JSON body (Akamai's example) and a form.
social = {"client_id": "bridgedemomobileclient", "flow": "standard", "flow_version": "HEAD", "locale": "en-US",
          "redirect_uri": "http://localhost", "response_type": "token", "registration_form": "socialRegistrationForm"}
native = requests.post(f"{base}/oauth/auth_native", json={**social, "token": sign_in("google", "allow")["token"]}).json()
assert native["stat"] == "ok" and native["access_token"] and native["capture_user"]["email"] == "ada@example.com", native
code = requests.post(f"{base}/oauth/auth_native", data={**social, "response_type": "code", "token": sign_in("linkedin", "allow")["token"]}).json()
assert code["stat"] == "ok" and code["authorization_code"], code

# A new user: record_not_found with what the provider said, then registered thinly with the merge token.
unknown = requests.post(f"{base}/oauth/auth_native", data={**social, "token": sign_in("google", "allow", "grace@example.com")["token"]}).json()
assert unknown["stat"] == "error" and unknown["code"] == 310 and unknown["error"] == "record_not_found", unknown
assert unknown["prereg_fields"]["emailAddress"] == "grace@example.com", unknown
thin = requests.post(f"{base}/oauth/auth_native", data={**social, "token": unknown["merge_token"], "thin_registration": "true"}).json()
assert thin["stat"] == "ok" and thin["is_new"] is True and thin["capture_user"]["email"] == "grace@example.com", thin

print("engage_rest: start, consent, callback, token URL, auth_info and its errors, cancel, Capture's auth_native: ok")
