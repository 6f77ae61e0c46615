// CheckCommand.java: `java -jar bridge-engine.jar check --rules FILE [options] [URL|-]…`: decides each URL with a
// rules file as the app's shouldOverrideUrlLoading would, one `decision` line each, the same JSON Lines (the
// one schema's keys, in its order) that `bridge check --format json --reveal` prints, so CI diffs the two
// engines field by field. The navigation options are the Swift CLI's (--subframe, --method, --redirect, …);
// --platform says whether the app is asked at all (notAsked). Words are the Swift CLI's to make: a message
// here is the code again. Without --reveal every secret is masked (LoggedURL's mask: not the Swift CLI's
// words, so only --reveal is compared). A rules file that cannot be used is one `input-error` line per
// problem (its key path and the Swift engine's code; no line or column) and exit 2.
package dev.bridge.cli;

import dev.bridge.json.JSONWriter;
import dev.bridge.policy.BridgeMessage;
import dev.bridge.policy.Decision;
import dev.bridge.policy.HTTPMethod;
import dev.bridge.policy.Interception;
import dev.bridge.policy.NavigationRequest;
import dev.bridge.policy.NavigationType;
import dev.bridge.policy.Platform;
import dev.bridge.policy.PolicyEngine;
import dev.bridge.policy.RulesError;
import dev.bridge.policy.RulesLoader;
import dev.bridge.policy.SentinelResult;
import dev.bridge.url.FormParameters;
import dev.bridge.url.LoggedURL;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

final class CheckCommand {
    private CheckCommand() {}

    static int run(String[] arguments, InputStream stdin, PrintStream out, PrintStream err) throws IOException {
        String rulesPath = null, state = null;
        Platform platform = null;
        boolean reveal = false, strict = false, newWindow = false;
        List<String> urls = new ArrayList<>();
        // The navigation's options, kept to build each URL's request.
        boolean subframe = false, redirect = false, gesture = false, appInitiated = false;
        HTTPMethod method = HTTPMethod.GET;
        NavigationType type = NavigationType.OTHER;
        NavigationRequest.SameDocument sameDocument = null;
        String sandbox = null;
        for (int i = 1; i < arguments.length; i++) {
            String argument = arguments[i];
            String value = i + 1 < arguments.length ? arguments[i + 1] : null;
            switch (argument) {
                case "--rules": rulesPath = value; i++; break;
                case "--state": state = value; i++; break;
                case "--format":
                    if (!"json".equals(value)) return usage(err, "--format takes json");
                    i++;
                    break;
                case "--platform":
                    platform = value == null ? null : Platform.named(value);
                    if (platform == null) return usage(err, "--platform takes ios or android");
                    i++;
                    break;
                case "--reveal": reveal = true; break;
                case "--strict": strict = true; break;
                case "--subframe": subframe = true; break;
                case "--redirect": redirect = true; break;
                case "--user-gesture": gesture = true; break;
                case "--app-initiated": appInitiated = true; break;
                case "--new-window": newWindow = true; break;
                case "--method":
                    method = value == null ? null : HTTPMethod.parse(value);
                    if (method == null) return usage(err, "--method takes an HTTP method");
                    i++;
                    break;
                case "--type":
                    type = value == null ? null : NavigationType.named(value);
                    if (type == null) return usage(err, "--type takes linkClicked, formSubmitted, backForward, reload, formResubmitted or other");
                    i++;
                    break;
                case "--same-document":
                    sameDocument = value == null ? null : NavigationRequest.SameDocument.named(value);
                    if (sameDocument == null) return usage(err, "--same-document takes fragment or history-api");
                    i++;
                    break;
                case "--sandbox":
                    if (value == null) return usage(err, "--sandbox takes the attribute's tokens");
                    sandbox = value;
                    i++;
                    break;
                default:
                    if (argument.startsWith("--")) return usage(err, "unknown option " + argument);
                    urls.add(argument);
            }
        }
        if (rulesPath == null) return usage(err, "--rules FILE is required");
        if (urls.isEmpty()) urls.add("-");
        PolicyEngine engine;
        try {
            byte[] bytes = rulesPath.equals("-") ? Main.readAll(stdin) : Files.readAllBytes(Paths.get(rulesPath));
            engine = new PolicyEngine(RulesLoader.parse(bytes));
        } catch (IOException e) {
            err.println("check: " + rulesPath + ": cannot be read (" + e.getClass().getSimpleName() + ")");
            return 2;
        } catch (RulesError error) {
            for (RulesError problem : error.all()) {
                out.println(new JSONWriter().add("type", "input-error").add("file", rulesPath).addNull("line").addNull("column")
                        .add("key", problem.keyPath.isEmpty() ? null : problem.keyPath).add("code", problem.problem.code)
                        .add("message", problem.problem.code).line());
            }
            return 2;
        }
        Platform on = platform != null ? platform : engine.rules.platform != null ? engine.rules.platform : Platform.IOS;
        int status = 0;
        boolean unasked = false, errors = false;
        for (String argument : urls) {
            List<Main.Line> lines = new ArrayList<>();
            String file = null;
            if (argument.equals("-")) {
                file = "-";
                lines = Main.lines(Main.readAll(stdin));
            } else {
                lines.add(new Main.Line(0, argument));
            }
            for (Main.Line line : lines) {
                // As the Swift CLI's NavigationOptions: a new window's frame is a main frame with no target.
                NavigationRequest request = new NavigationRequest.Builder(line.text).mainFrame(!subframe || newWindow).redirect(redirect)
                        .userGesture(gesture).appInitiated(appInitiated).method(method).type(type).sameDocument(sameDocument)
                        .targetFrame(newWindow ? null : subframe ? "frame" : "")
                        .sandbox(sandbox == null ? null : new NavigationRequest.FrameSandbox(sandbox)).build();
                Decision decision = engine.decide(request, state != null ? state : engine.rules.expectedState);
                boolean lost = on.losesInterception(request, decision);
                unasked |= lost;
                errors |= decision.error != null;
                out.println(decisionLine(file, line.number, line.text, decision, lost ? on : null, new Masking(reveal)));
            }
        }
        if (unasked || strict && errors) status = 1;
        return status;
    }

    private static int usage(PrintStream err, String problem) {
        err.println("check: " + problem);
        return 2;
    }

    /** What a line shows of a secret: the value with --reveal, else its mask. */
    static final class Masking {
        final boolean reveal;

        Masking(boolean reveal) { this.reveal = reveal; }

        String value(String value) { return value == null ? null : reveal ? value : LoggedURL.maskDecoded(value); }

        String url(String url) { return url == null ? null : reveal ? url : LoggedURL.masked(url); }
    }

    static String decisionLine(String file, int line, String input, Decision d, Platform unasked, Masking masking) {
        JSONWriter json = new JSONWriter().add("type", "decision").add("file", file);
        if (file == null) json.addNull("line"); else json.add("line", line);
        json.addNull("column").add("input", masking.url(input)).add("url", d.url == null ? null : masking.url(d.url.href()))
                .add("decision", d.action.word).add("kind", d.kind.word).add("rule", d.rule);
        JSONWriter params = new JSONWriter();
        for (FormParameters.Pair pair : d.parameters.pairs()) params.add(pair.name, masking.value(pair.value));
        json.add("params", params);
        if (d.error == null) {
            json.addNull("error");
        } else {
            JSONWriter error = new JSONWriter().add("code", d.error.code.word).add("message", d.error.code.word);
            if (d.error.urlError != null) error.add("detail", Main.urlError(d.error.urlError)); else error.addNull("detail");
            json.add("error", error);
        }
        if (d.interception == null) json.addNull("intercepted"); else json.add("intercepted", interception(d.interception, masking));
        if (unasked == null) {
            json.addNull("notAsked");
        } else {
            json.add("notAsked", new JSONWriter().add("code", unasked.unaskedCode()).add("platform", unasked.word).add("message", unasked.unaskedCode()));
        }
        return json.addNull("explanation").line();
    }

    static JSONWriter interception(Interception i, Masking masking) {
        JSONWriter o = new JSONWriter();
        switch (i.type) {
            case SENTINEL: {
                SentinelResult r = i.sentinel;
                switch (r.type) {
                    case AUTHORIZATION:
                        return o.add("type", "authorization").add("code", masking.value(r.code)).add("access_token", masking.value(r.accessToken))
                                .add("id_token", masking.value(r.idToken)).add("state", masking.value(r.state));
                    case OAUTH_ERROR:
                        return o.add("type", "oauth-error").add("error", masking.value(r.error)).add("error_description", masking.value(r.errorDescription))
                                .add("error_uri", masking.url(r.errorURI));
                    default:
                        return o.add("type", "form-post").add("method", r.method.name);
                }
            }
            case BRIDGE: {
                BridgeMessage m = i.bridge;
                o.add("type", "bridge");
                switch (m.type) {
                    case DRAIN_REQUEST: return o.add("message", "drain-request").add("protocol", m.protocol.word);
                    case BRIDGE_LOADED: return o.add("message", "bridge-loaded");
                    case EVENT: return o.add("message", "event").add("event", m.name).add("arguments", m.arguments.size());
                    case EVENT_FAILED: return o.add("message", "event-failed").add("event", m.name).add("error", masking.value(m.value));
                    case LEGACY_ACCESS_TOKEN: return o.add("message", "legacy-access-token").add("accessToken", masking.value(m.value));
                    default: return o.add("message", m.type.name());
                }
            }
            case DEEP_LINK: return o.add("type", "deeplink").add("route", i.route);
            case BLOCKED_SCHEME: return o.add("type", "blocked-scheme").add("scheme", i.name);
            default: return o.add("type", "allowed-origin").add("origin", i.name);
        }
    }
}
