import NIOCore

/// One deadline of a connection, moved or cleared several times per request at the cost of a stored value.
///
/// NIO keeps scheduled tasks in a heap, and scheduling then cancelling one per deadline per request (head, body,
/// idle, unread answer) was the largest cost of a kept-alive request in a profile of the sandbox under `wrk`. This
/// timer arms the event loop only when nothing is armed or the new deadline comes earlier than the armed one; a
/// later or cleared deadline leaves the armed task in place, and when it fires early it re-arms for the
/// deadline then current, or does nothing. Its action is given once, so setting it allocates nothing.
final class ConnectionTimer {
    private let eventLoop: any EventLoop
    private let action: () -> Void
    private var due: NIODeadline?
    private var armed: Scheduled<Void>?
    private var armedFor: NIODeadline?

    /// A timer that runs `action` on `eventLoop` each time a deadline set passes.
    init(eventLoop: any EventLoop, action: @escaping () -> Void) {
        self.eventLoop = eventLoop
        self.action = action
    }

    /// Runs the action once `duration` has passed, unless ``set(after:)`` or ``clear()`` comes first.
    func set(after duration: TimeAmount) {
        let deadline = NIODeadline.now() + duration
        due = deadline
        if let armedFor, armedFor <= deadline { return }
        arm(for: deadline)
    }

    /// Whether a deadline is set.
    var isSet: Bool { due != nil }

    /// Clears the deadline; the armed task, if any, fires later and does nothing.
    func clear() {
        due = nil
    }

    /// Clears the deadline and cancels the armed task (the connection is gone): the action does not run again,
    /// even from a task the loop had already taken up.
    func stop() {
        clear()
        armed?.cancel()
        armed = nil
        armedFor = nil
    }

    private func arm(for deadline: NIODeadline) {
        armed?.cancel()
        armedFor = deadline
        let timer = NIOLoopBound(self, eventLoop: eventLoop)
        armed = eventLoop.scheduleTask(deadline: deadline) { timer.value.fired() }
    }

    private func fired() {
        armed = nil
        armedFor = nil
        guard let due else { return }
        if NIODeadline.now() >= due {
            clear()
            action()
        } else {
            arm(for: due)
        }
    }
}
