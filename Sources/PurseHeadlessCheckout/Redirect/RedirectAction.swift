public import Foundation

/// What `/validate` asks the app to open (CONTRACT §2): a page by GET, a form to POST, or HTML to render.
public enum RedirectAction: Sendable, Hashable {
    /// Navigate to the URL.
    case get(URL)
    /// Build a form with these fields and POST it to the URL.
    case postForm(url: URL, fields: [String: String])
    /// Render the partner's HTML (usually a self-submitting form).
    case postHTML(html: String, name: String?)

    /// The URL the action opens first, when it has one.
    public var url: URL? {
        switch self {
        case .get(let url), .postForm(let url, _): return url
        case .postHTML: return nil
        }
    }

    /// Decodes a `redirection` object. `nil` when it asks for nothing (`{}` or only `should_submit_widget`).
    init?(reading reader: JSONReader) throws(PurseCheckoutError) {
        if let form = try reader.string("form") {
            self = .postHTML(html: form, name: try reader.string("name"))
            return
        }
        guard let url = try reader.optional("url")?.url() else { return nil }
        let method = try reader.string("method")?.uppercased() ?? "GET"
        switch method {
        case "GET":
            self = .get(url)
        case "POST":
            var fields: [String: String] = [:]
            for (name, value) in try reader.optional("fields")?.members() ?? [] {
                switch value.value {
                case .string(let text): fields[name] = text
                case .number(let number): fields[name] = ExactDecimal.text(number)
                case .bool(let flag): fields[name] = flag ? "true" : "false"
                default: throw value.fail("expected a string form field")
                }
            }
            self = .postForm(url: url, fields: fields)
        default:
            throw reader.fail("redirection method \(method) is not GET or POST")
        }
    }
}
