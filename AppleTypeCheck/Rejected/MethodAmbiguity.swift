// expect-error: 'Method' is ambiguous for type lookup in this context
//
// App code on iOS: `import Foundation` also imports the ObjectiveC module (Foundation re-exports it), whose runtime
// declares `typealias Method = OpaquePointer`. An SDK that exports its own public `Method` makes every unqualified
// `Method` in such a file ambiguous. The harness compiles every file with the ObjectiveC stand-in imported implicitly,
// as Foundation does on Apple platforms; FixtureSDK (Rejected/Support) exports a `Method` like the SDK once did.
import FixtureSDK
import Foundation

func isGiftCard(_ method: Method) -> Bool {
    method.rawValue == "giftcard"
}
