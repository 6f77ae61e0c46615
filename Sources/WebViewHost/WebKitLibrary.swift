// WebKitLibrary.swift: WebKitGTK 4.1, with the GTK 3, JavaScriptCore and cairo it brings, loaded when the host
// first makes a web view (dlopen), and the functions and constants the host calls in it.
//
// Written by hand, not imported from WebKit's headers. Linked, WebKitGTK and the libraries under it would be
// loaded and relocated at the start of every bridge command, `bridge check` and `bridge host --engine
// chromium` included, for the runs that show a page in WebKit. SwiftPM links every library a system
// module's pkg-config names, so the headers cannot be imported for their types alone. So the few dozen
// prototypes are written here with WebKit's and GTK's objects as opaque pointers and their enums as their
// C values. A test (WebKitLibraryTests) holds the constants to the headers; every hosted run calls the
// functions. GLib, GIO and libsoup stay linked (CSoup): they are small, and the stand-in network under
// Chromium uses them too.
#if WebKit
import CSoup
import Foundation
import SensitiveText

/// The loaded WebKitGTK: one per process, loaded by the first `load()`.
final class WebKitLibrary: Sendable {
    /// The library, loaded once; a second call returns the same one (or the same error).
    static func load() throws(HostError) -> WebKitLibrary { try loaded.get() }

    private static let loaded = open(fileName)

    static let fileName = "libwebkit2gtk-4.1.so.0"

    /// The library in `fileName` with every function the host calls, or why not: it cannot be loaded, or it
    /// lacks one of them (named).
    static func open(_ fileName: String) -> Result<WebKitLibrary, HostError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_GLOBAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(HostError(.webKitNotLoadable(file: fileName, why: why)))
        }
        return Result { () throws(HostError) in try WebKitLibrary(handle, fileName: fileName) }
    }

    // MARK: Constants (enums as their C values; WebKitLibraryTests holds them to the headers)

    // WebKitPolicyDecisionType
    static let WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION: UInt32 = 0
    static let WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION: UInt32 = 1
    static let WEBKIT_POLICY_DECISION_TYPE_RESPONSE: UInt32 = 2
    // WebKitLoadEvent
    static let WEBKIT_LOAD_STARTED: UInt32 = 0
    static let WEBKIT_LOAD_COMMITTED: UInt32 = 2
    static let WEBKIT_LOAD_FINISHED: UInt32 = 3
    // WebKitNavigationType
    static let WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: UInt32 = 0
    static let WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: UInt32 = 1
    static let WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: UInt32 = 2
    static let WEBKIT_NAVIGATION_TYPE_RELOAD: UInt32 = 3
    static let WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: UInt32 = 4
    // WebKitWebProcessTerminationReason
    static let WEBKIT_WEB_PROCESS_CRASHED: UInt32 = 0
    static let WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: UInt32 = 1
    // WebKitScriptDialogType
    static let WEBKIT_SCRIPT_DIALOG_CONFIRM: UInt32 = 1
    static let WEBKIT_SCRIPT_DIALOG_PROMPT: UInt32 = 2
    static let WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: UInt32 = 3
    // WebKitUserContentInjectedFrames, WebKitUserScriptInjectionTime
    static let WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES: UInt32 = 0
    static let WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START: UInt32 = 0
    static let WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END: UInt32 = 1
    // WebKitSnapshotRegion, WebKitSnapshotOptions
    static let WEBKIT_SNAPSHOT_REGION_VISIBLE: UInt32 = 0
    static let WEBKIT_SNAPSHOT_OPTIONS_NONE: UInt32 = 0
    // WebKitNetworkProxyMode, WebKitWebsiteDataTypes
    static let WEBKIT_NETWORK_PROXY_MODE_CUSTOM: UInt32 = 2
    static let WEBKIT_WEBSITE_DATA_HSTS_CACHE: UInt32 = 1 << 10
    // WebKitPolicyError, WebKitNetworkError (GError codes)
    static let WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE: Int32 = 102
    static let WEBKIT_NETWORK_ERROR_CANCELLED: Int32 = 302
    // cairo_status_t
    static let CAIRO_STATUS_SUCCESS: UInt32 = 0

    // MARK: Functions (an object is an OpaquePointer; a C string in is UnsafePointer<CChar>)

    typealias Text = UnsafePointer<CChar>?
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    typealias Cancellable = UnsafeMutablePointer<GCancellable>?

    // GDK, GTK
    let gdk_set_allowed_backends: @convention(c) (Text) -> Void
    let gtk_init_check: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> gboolean
    let gtk_main: @convention(c) () -> Void
    let gtk_main_quit: @convention(c) () -> Void
    let gtk_offscreen_window_new: @convention(c) () -> OpaquePointer?
    let gtk_container_add: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let gtk_widget_set_size_request: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let gtk_widget_show_all: @convention(c) (OpaquePointer?) -> Void
    let gtk_widget_destroy: @convention(c) (OpaquePointer?) -> Void
    // cairo
    let cairo_surface_write_to_png: @convention(c) (OpaquePointer?, Text) -> UInt32
    let cairo_surface_destroy: @convention(c) (OpaquePointer?) -> Void
    let cairo_status_to_string: @convention(c) (UInt32) -> Text
    // JavaScriptCore
    let jsc_value_is_undefined: @convention(c) (OpaquePointer?) -> gboolean
    let jsc_value_is_null: @convention(c) (OpaquePointer?) -> gboolean
    let jsc_value_is_string: @convention(c) (OpaquePointer?) -> gboolean
    let jsc_value_to_string: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let jsc_value_to_json: @convention(c) (OpaquePointer?, guint) -> UnsafeMutablePointer<CChar>?
    // WebKitWebContext, its data manager and proxy settings
    let webkit_web_context_new_ephemeral: @convention(c) () -> OpaquePointer?
    let webkit_web_context_get_website_data_manager: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_web_context_allow_tls_certificate_for_host: @convention(c) (OpaquePointer?, UnsafeMutablePointer<GTlsCertificate>?, Text) -> Void
    let webkit_network_proxy_settings_new: @convention(c) (Text, UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer?
    let webkit_network_proxy_settings_free: @convention(c) (OpaquePointer?) -> Void
    let webkit_website_data_manager_set_network_proxy_settings: @convention(c) (OpaquePointer?, UInt32, OpaquePointer?) -> Void
    let webkit_website_data_manager_fetch: @convention(c) (OpaquePointer?, UInt32, Cancellable, GAsyncReadyCallback?, gpointer?) -> Void
    let webkit_website_data_manager_fetch_finish: @convention(c) (OpaquePointer?, OpaquePointer?, ErrorOut) -> UnsafeMutablePointer<GList>?
    let webkit_website_data_unref: @convention(c) (OpaquePointer?) -> Void
    // WebKitWebView
    let webkit_web_view_new_with_context: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_web_view_new_with_related_view: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_web_view_load_uri: @convention(c) (OpaquePointer?, Text) -> Void
    let webkit_web_view_load_request: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let webkit_web_view_get_uri: @convention(c) (OpaquePointer?) -> Text
    let webkit_web_view_get_settings: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_web_view_get_user_content_manager: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_web_view_get_snapshot: @convention(c) (OpaquePointer?, UInt32, UInt32, Cancellable, GAsyncReadyCallback?, gpointer?) -> Void
    let webkit_web_view_get_snapshot_finish: @convention(c) (OpaquePointer?, OpaquePointer?, ErrorOut) -> OpaquePointer?
    /// (view, script, length, world name, source URI, cancellable, callback, data)
    let webkit_web_view_evaluate_javascript: @convention(c) (OpaquePointer?, Text, Int, Text, Text, Cancellable, GAsyncReadyCallback?, gpointer?) -> Void
    let webkit_web_view_evaluate_javascript_finish: @convention(c) (OpaquePointer?, OpaquePointer?, ErrorOut) -> OpaquePointer?
    /// (view, body, length, arguments (a GVariant), world name, source URI, cancellable, callback, data)
    let webkit_web_view_call_async_javascript_function: @convention(c) (OpaquePointer?, Text, Int, OpaquePointer?, Text, Text, Cancellable, GAsyncReadyCallback?, gpointer?) -> Void
    let webkit_web_view_call_async_javascript_function_finish: @convention(c) (OpaquePointer?, OpaquePointer?, ErrorOut) -> OpaquePointer?
    // WebKitSettings
    let webkit_settings_get_user_agent: @convention(c) (OpaquePointer?) -> Text
    let webkit_settings_set_user_agent: @convention(c) (OpaquePointer?, Text) -> Void
    let webkit_settings_set_javascript_can_open_windows_automatically: @convention(c) (OpaquePointer?, gboolean) -> Void
    // WebKitUserContentManager, WebKitUserScript, WebKitJavascriptResult
    let webkit_user_content_manager_register_script_message_handler: @convention(c) (OpaquePointer?, Text) -> gboolean
    let webkit_user_content_manager_add_script: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    /// (source, injected frames, injection time, allow list, block list)
    let webkit_user_script_new: @convention(c) (Text, UInt32, UInt32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer?
    let webkit_user_script_unref: @convention(c) (OpaquePointer?) -> Void
    let webkit_javascript_result_get_js_value: @convention(c) (OpaquePointer?) -> OpaquePointer?
    // Policy decisions, navigation actions, requests and responses
    let webkit_policy_decision_use: @convention(c) (OpaquePointer?) -> Void
    let webkit_policy_decision_ignore: @convention(c) (OpaquePointer?) -> Void
    let webkit_navigation_policy_decision_get_navigation_action: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_response_policy_decision_get_response: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_response_policy_decision_is_mime_type_supported: @convention(c) (OpaquePointer?) -> gboolean
    let webkit_response_policy_decision_is_main_frame_main_resource: @convention(c) (OpaquePointer?) -> gboolean
    let webkit_navigation_action_get_request: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let webkit_navigation_action_get_frame_name: @convention(c) (OpaquePointer?) -> Text
    let webkit_navigation_action_get_navigation_type: @convention(c) (OpaquePointer?) -> UInt32
    let webkit_navigation_action_is_redirect: @convention(c) (OpaquePointer?) -> gboolean
    let webkit_navigation_action_is_user_gesture: @convention(c) (OpaquePointer?) -> gboolean
    let webkit_uri_request_get_uri: @convention(c) (OpaquePointer?) -> Text
    let webkit_uri_request_get_http_method: @convention(c) (OpaquePointer?) -> Text
    let webkit_uri_response_get_uri: @convention(c) (OpaquePointer?) -> Text
    let webkit_uri_response_get_mime_type: @convention(c) (OpaquePointer?) -> Text
    /// A SoupMessageHeaders (libsoup's, opaque).
    let webkit_uri_response_get_http_headers: @convention(c) (OpaquePointer?) -> OpaquePointer?
    // Script dialogs
    let webkit_script_dialog_get_dialog_type: @convention(c) (OpaquePointer?) -> UInt32
    let webkit_script_dialog_get_message: @convention(c) (OpaquePointer?) -> Text
    let webkit_script_dialog_confirm_set_confirmed: @convention(c) (OpaquePointer?, gboolean) -> Void
    // Error domains
    let webkit_policy_error_quark: @convention(c) () -> GQuark
    let webkit_network_error_quark: @convention(c) () -> GQuark

    /// Every function found in the loaded library (and the libraries it loaded); the first missing one is the error.
    private init(_ handle: UnsafeMutableRawPointer, fileName: String) throws(HostError) {
        func symbol<Function>(_ name: String) throws(HostError) -> Function {
            guard let address = dlsym(handle, name) else {
                dlclose(handle)
                throw HostError(.webKitFunctionMissing(file: fileName, function: name))
            }
            return unsafeBitCast(address, to: Function.self)
        }
        gdk_set_allowed_backends = try symbol("gdk_set_allowed_backends")
        gtk_init_check = try symbol("gtk_init_check")
        gtk_main = try symbol("gtk_main")
        gtk_main_quit = try symbol("gtk_main_quit")
        gtk_offscreen_window_new = try symbol("gtk_offscreen_window_new")
        gtk_container_add = try symbol("gtk_container_add")
        gtk_widget_set_size_request = try symbol("gtk_widget_set_size_request")
        gtk_widget_show_all = try symbol("gtk_widget_show_all")
        gtk_widget_destroy = try symbol("gtk_widget_destroy")
        cairo_surface_write_to_png = try symbol("cairo_surface_write_to_png")
        cairo_surface_destroy = try symbol("cairo_surface_destroy")
        cairo_status_to_string = try symbol("cairo_status_to_string")
        jsc_value_is_undefined = try symbol("jsc_value_is_undefined")
        jsc_value_is_null = try symbol("jsc_value_is_null")
        jsc_value_is_string = try symbol("jsc_value_is_string")
        jsc_value_to_string = try symbol("jsc_value_to_string")
        jsc_value_to_json = try symbol("jsc_value_to_json")
        webkit_web_context_new_ephemeral = try symbol("webkit_web_context_new_ephemeral")
        webkit_web_context_get_website_data_manager = try symbol("webkit_web_context_get_website_data_manager")
        webkit_web_context_allow_tls_certificate_for_host = try symbol("webkit_web_context_allow_tls_certificate_for_host")
        webkit_network_proxy_settings_new = try symbol("webkit_network_proxy_settings_new")
        webkit_network_proxy_settings_free = try symbol("webkit_network_proxy_settings_free")
        webkit_website_data_manager_set_network_proxy_settings = try symbol("webkit_website_data_manager_set_network_proxy_settings")
        webkit_website_data_manager_fetch = try symbol("webkit_website_data_manager_fetch")
        webkit_website_data_manager_fetch_finish = try symbol("webkit_website_data_manager_fetch_finish")
        webkit_website_data_unref = try symbol("webkit_website_data_unref")
        webkit_web_view_new_with_context = try symbol("webkit_web_view_new_with_context")
        webkit_web_view_new_with_related_view = try symbol("webkit_web_view_new_with_related_view")
        webkit_web_view_load_uri = try symbol("webkit_web_view_load_uri")
        webkit_web_view_load_request = try symbol("webkit_web_view_load_request")
        webkit_web_view_get_uri = try symbol("webkit_web_view_get_uri")
        webkit_web_view_get_settings = try symbol("webkit_web_view_get_settings")
        webkit_web_view_get_user_content_manager = try symbol("webkit_web_view_get_user_content_manager")
        webkit_web_view_get_snapshot = try symbol("webkit_web_view_get_snapshot")
        webkit_web_view_get_snapshot_finish = try symbol("webkit_web_view_get_snapshot_finish")
        webkit_web_view_evaluate_javascript = try symbol("webkit_web_view_evaluate_javascript")
        webkit_web_view_evaluate_javascript_finish = try symbol("webkit_web_view_evaluate_javascript_finish")
        webkit_web_view_call_async_javascript_function = try symbol("webkit_web_view_call_async_javascript_function")
        webkit_web_view_call_async_javascript_function_finish = try symbol("webkit_web_view_call_async_javascript_function_finish")
        webkit_settings_get_user_agent = try symbol("webkit_settings_get_user_agent")
        webkit_settings_set_user_agent = try symbol("webkit_settings_set_user_agent")
        webkit_settings_set_javascript_can_open_windows_automatically = try symbol("webkit_settings_set_javascript_can_open_windows_automatically")
        webkit_user_content_manager_register_script_message_handler = try symbol("webkit_user_content_manager_register_script_message_handler")
        webkit_user_content_manager_add_script = try symbol("webkit_user_content_manager_add_script")
        webkit_user_script_new = try symbol("webkit_user_script_new")
        webkit_user_script_unref = try symbol("webkit_user_script_unref")
        webkit_javascript_result_get_js_value = try symbol("webkit_javascript_result_get_js_value")
        webkit_policy_decision_use = try symbol("webkit_policy_decision_use")
        webkit_policy_decision_ignore = try symbol("webkit_policy_decision_ignore")
        webkit_navigation_policy_decision_get_navigation_action = try symbol("webkit_navigation_policy_decision_get_navigation_action")
        webkit_response_policy_decision_get_response = try symbol("webkit_response_policy_decision_get_response")
        webkit_response_policy_decision_is_mime_type_supported = try symbol("webkit_response_policy_decision_is_mime_type_supported")
        webkit_response_policy_decision_is_main_frame_main_resource = try symbol("webkit_response_policy_decision_is_main_frame_main_resource")
        webkit_navigation_action_get_request = try symbol("webkit_navigation_action_get_request")
        webkit_navigation_action_get_frame_name = try symbol("webkit_navigation_action_get_frame_name")
        webkit_navigation_action_get_navigation_type = try symbol("webkit_navigation_action_get_navigation_type")
        webkit_navigation_action_is_redirect = try symbol("webkit_navigation_action_is_redirect")
        webkit_navigation_action_is_user_gesture = try symbol("webkit_navigation_action_is_user_gesture")
        webkit_uri_request_get_uri = try symbol("webkit_uri_request_get_uri")
        webkit_uri_request_get_http_method = try symbol("webkit_uri_request_get_http_method")
        webkit_uri_response_get_uri = try symbol("webkit_uri_response_get_uri")
        webkit_uri_response_get_mime_type = try symbol("webkit_uri_response_get_mime_type")
        webkit_uri_response_get_http_headers = try symbol("webkit_uri_response_get_http_headers")
        webkit_script_dialog_get_dialog_type = try symbol("webkit_script_dialog_get_dialog_type")
        webkit_script_dialog_get_message = try symbol("webkit_script_dialog_get_message")
        webkit_script_dialog_confirm_set_confirmed = try symbol("webkit_script_dialog_confirm_set_confirmed")
        webkit_policy_error_quark = try symbol("webkit_policy_error_quark")
        webkit_network_error_quark = try symbol("webkit_network_error_quark")
    }
}
#endif
