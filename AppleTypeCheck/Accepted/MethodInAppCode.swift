// requires-module: PurseHeadlessCheckout
//
// App code on iOS that imports Foundation (hence, on Apple platforms, the ObjectiveC runtime's
// `typealias Method = OpaquePointer`) and the SDK, and writes `Method`. It compiles only while the SDK exports no
// public type named `Method` (the SDK's method type is PaymentMethodType). If it fails with "'Method' is ambiguous",
// the SDK has a public `Method` again. Its twin, Rejected/MethodAmbiguity.swift, shows the failure this guards against.
import Foundation
import PurseHeadlessCheckout

/// An Objective-C runtime method handle: the only `Method` in scope.
func describe(_ method: Method?) -> String {
    method == nil ? "no method" : "a method"
}

func isGiftCard(_ type: PaymentMethodType) -> Bool {
    type == .giftcard
}
