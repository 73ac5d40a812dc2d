import Foundation
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer

/// `purse-bench --load SECONDS` (docs/RELIABILITY.md §4): the sandbox over loopback under `wrk` at 64 connections, mixing
/// client-session creation (merchant API) with `/validate` calls paid by gift cards, then a reconciliation.
///
/// Pass when: wrk saw no socket error and no non-2xx answer; every answer had the expected shape; and the books
/// balance — for every gift card, starting balance − balance after = debits of the payments that stand — with the
/// number of payments authorized agreeing with what the clients saw (the server may have finished up to one request
/// per connection that wrk stopped waiting for when its time ran out).
@MainActor
enum LoadConservation {
    /// The gift cards the load spends, each with far more than the run can spend.
    static let cards: [SandboxGiftCard] = (1...4).map { index in
        SandboxGiftCard(
            slug: "load-illicado-\(index)", partner: "illicado", method: "giftcard",
            pan: "600358990000000000\(index)", pin: "1234", balance: 1_000_000_000)
    }
    /// Minor units charged per payment.
    static let amount = 137

    struct Outcome {
        var lines: [String] = []
        var failures: [String] = []
        var requestsPerSecond = 0.0
        var requests = 0
    }

    static func run(seconds: Int, connections: Int) async throws -> Outcome {
        guard let wrk = SandboxLoad.which("wrk") else { throw BenchError("wrk not installed (apt-get install wrk)") }
        var catalogue = SandboxCatalogue.standard
        catalogue.giftCards += cards
        let sandbox = try PurseSandbox(configuration: .init(catalogue: catalogue))
        let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(30))
        let base = try server.start()
        sandbox.setBaseURL(base.absoluteString)
        defer { server.stop() }

        let token = try await accessToken(base: base, entity: catalogue.entity)
        let script = NSTemporaryDirectory() + "purse-load-\(getpid()).lua"
        try Data(luaScript(token: token, entity: catalogue.entity).utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }

        let before = sandbox.ledger()
        let output = try SandboxLoad.run(
            wrk, ["-t2", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "-s", script, base.absoluteString])
        let after = sandbox.ledger()
        return reconcile(wrkOutput: output, before: before, after: after, connections: connections)
    }

    static func reconcile(wrkOutput: String, before: SandboxLedger, after: SandboxLedger, connections: Int) -> Outcome {
        var outcome = Outcome()
        var seen: [String: Int] = [:]
        for line in wrkOutput.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Socket errors:") { outcome.failures.append("wrk: \(text)") }
            if text.hasPrefix("Non-2xx or 3xx responses:") { outcome.failures.append("wrk: \(text)") }
            if text.hasPrefix("Requests/sec:") {
                outcome.requestsPerSecond =
                    Double(text.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces)) ?? 0
            }
            if text.hasPrefix("purse-load ") {
                for pair in text.dropFirst("purse-load ".count).split(separator: " ") {
                    let parts = pair.split(separator: "=")
                    if parts.count == 2, let value = Int(parts[1]) { seen[String(parts[0])] = value }
                }
            }
        }
        guard let created = seen["created"], let authorized = seen["authorized"], let unexpected = seen["unexpected"]
        else {
            outcome.failures.append("the load script printed no summary:\n\(wrkOutput)")
            return outcome
        }
        outcome.requests = created + authorized + unexpected
        if unexpected > 0 { outcome.failures.append("\(unexpected) answers were not the expected ones") }

        let standing = after.paymentsByStatus["AUTHORIZED", default: 0]
        let newSessions = after.clientSessions - before.clientSessions
        outcome.lines.append(
            "wrk: \(outcome.requests) answers (\(created) sessions created, \(authorized) payments authorized), "
                + String(format: "%.0f req/s", outcome.requestsPerSecond))
        outcome.lines.append(
            "sandbox: \(newSessions) sessions, \(standing) payments authorized, \(after.charges) charges, statuses "
                + after.paymentsByStatus.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: ","))
        // wrk stops waiting when its time is up: the server may have completed one more request per connection.
        if !(authorized...(authorized + connections)).contains(standing) {
            outcome.failures.append("clients saw \(authorized) authorized payments, the sandbox holds \(standing)")
        }
        if !(created...(created + connections)).contains(newSessions) {
            outcome.failures.append("clients saw \(created) sessions created, the sandbox holds \(newSessions)")
        }
        if after.charges != standing {
            outcome.failures.append("\(after.charges) charges for \(standing) authorized payments")
        }
        if after.paymentsByStatus.keys.contains(where: { $0 != "AUTHORIZED" }) {
            outcome.failures.append("payments that are not authorized: \(after.paymentsByStatus)")
        }
        var spentTotal = 0
        for card in cards {
            let start = before.balances[card.slug, default: 0]
            let now = after.balances[card.slug, default: 0]
            let debited = after.standingDebits[card.slug, default: 0]
            spentTotal += start - now
            outcome.lines.append("\(card.slug): \(start) − \(now) = \(start - now); debits of payments \(debited)")
            if start - now != debited {
                outcome.failures.append("\(card.slug): balance fell by \(start - now) but payments hold \(debited)")
            }
        }
        if spentTotal != standing * amount {
            outcome.failures.append("\(spentTotal) spent for \(standing) payments of \(amount)")
        }
        return outcome
    }

    static func accessToken(base: URL, entity: SandboxEntity) async throws -> String {
        let credentials = Data("\(entity.clientId):\(entity.clientSecret)".utf8).base64EncodedString()
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "POST", url: base.appendingPathComponent("oauth/token"),
                headers: [
                    "Authorization": "Basic \(credentials)", "Content-Type": "application/x-www-form-urlencoded",
                ],
                body: Data("grant_type=client_credentials".utf8)))
        guard response.status == 200, let token = try JSONValue.parse(response.body)["access_token"]?.stringValue
        else { throw BenchError("POST /oauth/token answered HTTP \(response.status)") }
        return token
    }

    /// The wrk script: each wrk thread keeps the sessions it created in a queue and alternates between creating
    /// one and paying the oldest with one of the load gift cards (each payment has its own Idempotency-Key).
    /// Answers are told apart by their body; anything else counts as unexpected.
    static func luaScript(token: String, entity: SandboxEntity) -> String {
        let pans = cards.map { "\"\($0.pan)\"" }.joined(separator: ", ")
        return """
            local token, apiKey, entity = "\(token)", "\(entity.apiKey)", "\(entity.entityId)"
            local pans = { \(pans) }
            local threads = {}
            function setup(thread)
              thread:set("tid", #threads + 1)
              table.insert(threads, thread)
            end
            local queue, head, tail, counter, paid = {}, 1, 0, 0, 0
            created, authorized, unexpected = 0, 0, 0
            function request()
              counter = counter + 1
              if head <= tail and counter % 2 == 0 then
                local session = queue[head]
                queue[head] = nil
                head = head + 1
                paid = paid + 1
                local body = '[{"partner":"illicado","method":"giftcard","amount":\(amount),'
                  .. '"payment_data":{"card":{"number":"' .. pans[paid % #pans + 1] .. '","csc":"1234"}},'
                  .. '"partner_data":{},"payment_preferences":{}}]'
                return wrk.format("POST", "/gateway/sessions/" .. session .. "/validate", {
                  ["x-api-key"] = apiKey, ["Content-Type"] = "application/json",
                  ["Idempotency-Key"] = "load-" .. tid .. "-" .. counter }, body)
              end
              local body = '{"entity_id":"' .. entity .. '","amount":\(amount),"currency":"EUR",'
                .. '"shopper_redirection_url":"https://shop.example.com/return",'
                .. '"order":{"reference":"load-' .. tid .. '-' .. counter .. '"}}'
              return wrk.format("POST", "/payment/v2/client-sessions", {
                ["Authorization"] = "Bearer " .. token, ["x-api-key"] = apiKey,
                ["Content-Type"] = "application/json" }, body)
            end
            function response(status, headers, body)
              if status == 201 and body:find('"widget"', 1, true) then
                local id = body:match('"id"%s*:%s*"([^"]+)"')
                if id then
                  tail = tail + 1
                  queue[tail] = id
                  created = created + 1
                  return
                end
              elseif status == 200 and body:find('"global_status"', 1, true) then
                if body:find('"global_status"%s*:%s*"SUCCESS"') then
                  authorized = authorized + 1
                  return
                end
              end
              unexpected = unexpected + 1
              if unexpected <= 3 then io.stderr:write("unexpected answer " .. status .. ": " .. body:sub(1, 300) .. "\\n") end
            end
            function done(summary, latency, requests)
              local c, a, u = 0, 0, 0
              for _, thread in ipairs(threads) do
                c = c + thread:get("created")
                a = a + thread:get("authorized")
                u = u + thread:get("unexpected")
              end
              io.write(string.format("purse-load created=%d authorized=%d unexpected=%d\\n", c, a, u))
            end
            """
    }
}
