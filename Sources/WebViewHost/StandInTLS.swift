// StandInTLS.swift: the server end of a tunnelled https connection, made without a certificate database.
// g_tls_server_connection_new gives every connection the backend's default database, and glib-networking
// (GnuTLS) builds a fresh trust list from the system's CA bundle for each one: parsing on the GLib main
// loop per connection, before the handshake starts, while the page waits for its stylesheet
// and scripts. A server that asks for no client certificate verifies nothing with it, so the connection
// is made with its "database" property set to none (glib-networking then allocates empty credentials).
#if WebKit
import CSoup

enum StandInTLS {
    /// A TLS server connection over `stream` presenting `certificate`, with no certificate database.
    static func serverConnection(_ stream: UnsafeMutablePointer<GIOStream>, certificate: UnsafeMutablePointer<GTlsCertificate>,
                                 error: inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<GIOStream>? {
        let type = g_tls_backend_get_server_connection_type(g_tls_backend_get_default())
        guard type != 0 else { return nil }
        var values = [GValue](repeating: GValue(), count: 3)
        g_value_init(&values[0], g_io_stream_get_type())
        g_value_set_object(&values[0], stream)
        g_value_init(&values[1], g_tls_certificate_get_type())
        g_value_set_object(&values[1], certificate)
        g_value_init(&values[2], g_tls_database_get_type())  // none
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        let names = ["base-io-stream", "certificate", "database"]
        var pointers = names.map { UnsafePointer(strdup($0)) }
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        let object = pointers.withUnsafeMutableBufferPointer { names in
            values.withUnsafeBufferPointer { values in
                g_object_new_with_properties(type, guint(names.count), names.baseAddress, values.baseAddress)
            }
        }
        guard let object else { return nil }
        let initable = OpaquePointer(object)  // GInitable is an interface: opaque here
        guard g_initable_init(initable, nil, &error) != 0 else {
            g_object_unref(object)
            return nil
        }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GIOStream.self)
    }
}
#endif
