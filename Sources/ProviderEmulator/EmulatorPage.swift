// EmulatorPage.swift: the emulator's HTML pages (Capture's hosted pages, Kii's reset page): one small,
// readable layout, every value escaped.

enum EmulatorPage {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func html(_ title: String, _ body: String, status: Int = 200) -> EmulatorResponse {
        .html(status, """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.4rem 0}.error{color:#b00020}</style>
            </head><body><h1>\(escape(title))</h1>
            \(body)
            </body></html>
            """)
    }
}
