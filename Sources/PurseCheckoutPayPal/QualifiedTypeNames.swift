// Every public type of the module is also a member of the enum `PurseCheckoutPayPal`, so that an app can write
// `PurseCheckoutPayPal.PayPalModule` where its own module declares a type of that name (the module name cannot
// qualify it: inside an app, `PurseCheckoutPayPal` is the enum). The member alias goes through
// `_PurseCheckoutPayPalTypes` because inside the extension its own name is the alias itself.
// `QualifiedTypeNamesTests` fails when a public top-level type of the module has no alias here.

/// The module's public types under underscored names, for the member aliases of ``PurseCheckoutPayPal``.
/// Not for apps: write `PurseCheckoutPayPal.PayPalModule`.
@_documentation(visibility: internal)
public enum _PurseCheckoutPayPalTypes {
    public typealias _PayPalModule = PayPalModule
}

/// Every public type of the module as a member of the enum: `PurseCheckoutPayPal.PayPalModule`.
@_documentation(visibility: internal)
extension PurseCheckoutPayPal {
    public typealias PayPalModule = _PurseCheckoutPayPalTypes._PayPalModule
}
