extension ExitCode {
    /// What each code means, for the EXIT CODES section of help and the man page.
    public var meaning: String {
        switch self {
        case .success: "Success."
        case .notFound: "The query found nothing."
        case .partial: "Over many recordings, some could not be read; each has its line on stderr."
        case .usage: "A usage error: an unknown option, a missing argument, a step, session or timeline the file does not hold."
        case .dataError: "Bad or corrupt data: not a recording, a damaged file, a newer format."
        case .noInput: "The input cannot be opened: a missing file, a directory, no permission."
        case .ioError: "A read or a write failed."
        }
    }

    /// Every code the tool exits with, as a help section.
    public static var helpSection: HelpSection {
        HelpSection(title: "EXIT CODES", entries: allCases.map { (String($0.rawValue), $0.meaning) })
    }
}
