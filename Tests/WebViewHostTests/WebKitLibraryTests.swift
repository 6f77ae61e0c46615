// WebKitLibraryTests.swift: WebViewHost calls WebKitGTK through functions it finds when it loads the library
// and constants it writes down (WebKitLibrary.swift says why it does not import the headers). Every function
// is found in the installed WebKitGTK, and every constant is the headers' own value (this file imports the
// headers, as an app linking WebKit would).
#if WebKit
import CWebKit
import Testing
@testable import WebViewHost

@Suite struct WebKitLibraryTests {
    @Test func everyFunctionIsFoundOnce() throws {
        let first = try WebKitLibrary.load()
        let second = try WebKitLibrary.load()
        #expect(first === second)
    }

    /// A library that is not there, or one without WebKit's functions, is a setup error that names it.
    @Test func aMissingLibraryOrFunctionIsASetupError() {
        guard case .failure(let missing) = WebKitLibrary.open("libwebkit2gtk-0.0-not-installed.so.0") else {
            Issue.record("a library that is not installed loaded"); return
        }
        #expect(missing.kind == .setup)
        // libsoup is installed wherever the host builds (CSoup links it), and has none of WebKit's functions.
        guard case .failure(let lacking) = WebKitLibrary.open("libsoup-3.0.so.0") else {
            Issue.record("libsoup passed for WebKitGTK"); return
        }
        #expect(lacking.kind == .setup)
    }

    @Test func constantsAreTheHeadersValues() {
        let pairs: [(written: UInt32, header: UInt32)] = [
            (WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue),
            (WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue),
            (WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_RESPONSE, WEBKIT_POLICY_DECISION_TYPE_RESPONSE.rawValue),
            (WebKitLibrary.WEBKIT_LOAD_FINISHED, WEBKIT_LOAD_FINISHED.rawValue),
            (WebKitLibrary.WEBKIT_NAVIGATION_TYPE_LINK_CLICKED, WEBKIT_NAVIGATION_TYPE_LINK_CLICKED.rawValue),
            (WebKitLibrary.WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED, WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED.rawValue),
            (WebKitLibrary.WEBKIT_NAVIGATION_TYPE_BACK_FORWARD, WEBKIT_NAVIGATION_TYPE_BACK_FORWARD.rawValue),
            (WebKitLibrary.WEBKIT_NAVIGATION_TYPE_RELOAD, WEBKIT_NAVIGATION_TYPE_RELOAD.rawValue),
            (WebKitLibrary.WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED, WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED.rawValue),
            (WebKitLibrary.WEBKIT_WEB_PROCESS_CRASHED, WEBKIT_WEB_PROCESS_CRASHED.rawValue),
            (WebKitLibrary.WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT, WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT.rawValue),
            (WebKitLibrary.WEBKIT_SCRIPT_DIALOG_CONFIRM, WEBKIT_SCRIPT_DIALOG_CONFIRM.rawValue),
            (WebKitLibrary.WEBKIT_SCRIPT_DIALOG_PROMPT, WEBKIT_SCRIPT_DIALOG_PROMPT.rawValue),
            (WebKitLibrary.WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM, WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM.rawValue),
            (WebKitLibrary.WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES.rawValue),
            (WebKitLibrary.WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START.rawValue),
            (WebKitLibrary.WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END.rawValue),
            (WebKitLibrary.WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_REGION_VISIBLE.rawValue),
            (WebKitLibrary.WEBKIT_SNAPSHOT_OPTIONS_NONE, WEBKIT_SNAPSHOT_OPTIONS_NONE.rawValue),
            (WebKitLibrary.WEBKIT_NETWORK_PROXY_MODE_CUSTOM, WEBKIT_NETWORK_PROXY_MODE_CUSTOM.rawValue),
            (WebKitLibrary.WEBKIT_WEBSITE_DATA_HSTS_CACHE, WEBKIT_WEBSITE_DATA_HSTS_CACHE.rawValue),
            (WebKitLibrary.CAIRO_STATUS_SUCCESS, CAIRO_STATUS_SUCCESS.rawValue),
        ]
        for (index, pair) in pairs.enumerated() { #expect(pair.written == pair.header, "constant \(index)") }
        #expect(WebKitLibrary.WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE == Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue))
        #expect(WebKitLibrary.WEBKIT_NETWORK_ERROR_CANCELLED == Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue))
    }

    /// The navigation types the engine reads come from the written constants: each of WebKit's maps to its own.
    @Test func navigationTypesAreWebKits() {
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_LINK_CLICKED.rawValue) == .linkClicked)
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED.rawValue) == .formSubmitted)
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_BACK_FORWARD.rawValue) == .backForward)
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_RELOAD.rawValue) == .reload)
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED.rawValue) == .formResubmitted)
        #expect(HostedWebView.navigationType(WEBKIT_NAVIGATION_TYPE_OTHER.rawValue) == .other)
    }
}
#endif
