/// A task a checkout owns: cancelled when replaced, when asked, and when its owner goes away.
final class OwnedTask: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    init() {}

    /// Runs `task` from now on, cancelling the previous one.
    func replace(with task: Task<Void, Never>) {
        let previous = self.task.withLock { current in
            defer { current = task }
            return current
        }
        previous?.cancel()
    }

    /// Cancels the task under way, if any; ``wait()`` still waits for it to wind down.
    func cancel() {
        task.withLock { $0 }?.cancel()
    }

    /// Waits for the task under way (cancelled or not) to end.
    func wait() async {
        await task.withLock { $0 }?.value
    }

    deinit {
        task.withLock { $0 }?.cancel()
    }
}
