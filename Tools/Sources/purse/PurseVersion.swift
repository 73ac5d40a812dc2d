/// The version `purse --version` prints: the one place it is written.
///
/// It must match the latest version section of CHANGELOG.md (`## [0.2.0] - <date>`); bump both together when
/// cutting a release. While CHANGELOG.md has only `## [Unreleased]`, this is the version that section will become.
enum PurseVersion {
    static let current = "0.2.0"
}
