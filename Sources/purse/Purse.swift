import Foundation

/// `purse`: the command-line front of PurseHeadlessCheckout.
@main
struct Purse {
    static let commands: [CommandSpec] = [DemoCommand.spec, SandboxCommand.spec, CheckoutCommand.spec]

    static let help = """
        Usage: purse <command> [options]

        The Purse headless checkout SDK from the command line.

        Commands:
          demo       A guided tour of the SDK against an embedded sandbox
          checkout   Pay an order interactively in the terminal (embedded sandbox, or --api-base)
          sandbox    Run the local Purse sandbox (a stateful imitation of Purse's APIs) on 127.0.0.1

        Run 'purse <command> --help' for a command's options.
        """

    static func main() async {
        let console = Console.standard()
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            console.error(help)
            exit(64)
        }
        arguments.removeFirst()
        if name == "--help" || name == "-h" || name == "help" {
            console.print(help)
            exit(0)
        }
        guard let spec = commands.first(where: { $0.name == name }) else {
            console.error("purse: unknown command '\(name)'\n\n\(help)")
            exit(64)
        }
        let options: ParsedOptions
        do {
            options = try ParsedOptions.parse(arguments, spec: spec)
        } catch {
            console.error("purse \(name): \(error)\n\n\(spec.helpText)")
            exit(64)
        }
        if options.wantsHelp {
            console.print(spec.helpText)
            exit(0)
        }
        let status: Int32
        do {
            switch name {
            case DemoCommand.spec.name: status = try await DemoCommand(options: options, console: console).run()
            case CheckoutCommand.spec.name: status = try await CheckoutCommand(options: options, console: console).run()
            default: status = try SandboxCommand(options: options, console: console).run()
            }
        } catch let error as UsageError {
            console.error("purse \(name): \(error)\n\n\(spec.helpText)")
            exit(64)
        } catch {
            console.error("purse \(name): \(error)")
            exit(1)
        }
        exit(status)
    }
}
