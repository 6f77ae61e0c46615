// StandInCertificate.swift: the certificate the stand-in network presents for the https hosts a site
// serves. It is self-signed and its private key is package (it is in this file): the hosted web view
// trusts it only for the site's own hosts and, with --provider, for each host whose CONNECT the proxy
// accepts, as it arrives (webkit_web_context_allow_tls_certificate_for_host), and only inside `bridge
// host`, whose network is the loopback proxy and nothing else. Generated once with
// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500`.
enum StandInCertificate {
    static let pem = """
-----BEGIN CERTIFICATE-----
MIIBpTCCAUugAwIBAgIUWGAhiwaQQPpN/Fwk4JQlIvKwTn0wCgYIKoZIzj0EAwIw
JzElMCMGA1UEAwwcYnJpZGdlIGhvc3Qgc3RhbmQtaW4gbmV0d29yazAgFw0yNjEx
MjExNzM4MDhaGA8yMTI2MTAyODE3MzgwOFowJzElMCMGA1UEAwwcYnJpZGdlIGhv
c3Qgc3RhbmQtaW4gbmV0d29yazBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABGLW
zU9Iu9NDdRz45DfF2pMj2k6pHwfv1vYjloPdX49fAEAX+QM8dvZr6DiRA4ofjpxR
CT0aQ+iHFm788t5czwajUzBRMB0GA1UdDgQWBBTAsjwgpCb1lLZAbosRPx2nOEM/
ejAfBgNVHSMEGDAWgBTAsjwgpCb1lLZAbosRPx2nOEM/ejAPBgNVHRMBAf8EBTAD
AQH/MAoGCCqGSM49BAMCA0gAMEUCIEH1mwO7Hppi/49BGNW6dtd3D2ulzw/QtyMc
5yJyHOKSAiEAxkPZvH/WAWl5zxcO/wfYtKUr43Jlw975l5wJAxbnskA=
-----END CERTIFICATE-----
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmvJD9wDFpm6RhA4t
m64svGr0XyYxNjY60WUfp1jvvuShRANCAARi1s1PSLvTQ3Uc+OQ3xdqTI9pOqR8H
79b2I5aD3V+PXwBAF/kDPHb2a+g4kQOKH46cUQk9GkPohxZu/PLeXM8G
-----END PRIVATE KEY-----
"""
}
