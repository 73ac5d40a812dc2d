// The app's own ways of opening a page, as the "Open the page yourself" snippet of RedirectionMethods.md names them.
@MainActor func openInBrowser(_ url: URL) {}
@MainActor func postForm(to url: URL, fields: [String: String]) {}
@MainActor func showDocument(_ html: String) {}
