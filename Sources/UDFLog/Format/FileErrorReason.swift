import Foundation

/// A short, lower-case reason for a failed file operation, such as
/// `no such file or directory`, instead of Foundation's sentence ("The
/// operation could not be completed…"), so that errors stay one clear line.
public enum FileErrorReason {
    public static func of(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            return posix(Int32(error.code))
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return posix(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return posix(EACCES)
        case .fileWriteOutOfSpace: return posix(ENOSPC)
        case .fileWriteVolumeReadOnly: return posix(EROFS)
        case .fileWriteFileExists: return posix(EEXIST)
        default: return error.localizedDescription
        }
    }

    private static func posix(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
