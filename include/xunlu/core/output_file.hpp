// The one way xunlu writes files: into a temporary file beside the target, flushed, synced and
// checked, then renamed over it, so a failed write (disk full, a failed command) never leaves a
// partial file and never touches an existing one. Targets that are not regular files (a pipe,
// /dev/stdout, /dev/full) are written in place, with every write checked. Header-only (POSIX).
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "xunlu/core/result.hpp"

namespace xunlu {

/// A file being written: bytes go to a temporary file in the target's folder until commit()
/// renames it over the target. Destroyed without commit(), it removes the temporary and the
/// target is left as it was (or absent). Errors name the target path and the reason (errno).
class output_file {
  public:
    output_file() = default;
    output_file(const output_file&) = delete;
    output_file& operator=(const output_file&) = delete;
    output_file(output_file&& o) noexcept { *this = std::move(o); }
    output_file& operator=(output_file&& o) noexcept {
        if (this != &o) {
            discard();
            path_ = std::move(o.path_);
            temp_ = std::move(o.temp_);
            fd_ = std::exchange(o.fd_, -1);
            buffer_ = std::move(o.buffer_);
            failure_ = std::move(o.failure_);
        }
        return *this;
    }
    ~output_file() { discard(); }

    /// Starts writing `path`: creates the temporary beside it (or opens `path` itself when it
    /// exists and is not a regular file, e.g. a device or a pipe).
    [[nodiscard]] static result<output_file> open(const std::string& path) {
        output_file f;
        f.path_ = path;
        struct stat st {};
        const bool exists = ::stat(path.c_str(), &st) == 0;
        if (exists && S_ISDIR(st.st_mode)) return error{path + ": is a directory"};
        if (exists && ::access(path.c_str(), W_OK) != 0) {
            return error{path + ": cannot write: " + reason(errno)};
        }
        if (exists && !S_ISREG(st.st_mode)) {
            f.fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
            if (f.fd_ < 0) return error{path + ": cannot open for writing: " + reason(errno)};
            return f;
        }
        // The folder of the file the path names (through a symbolic link, the link's target),
        // so the rename stays on one file system and replaces that file.
        std::string target = path;
        char resolved[4096];
        const ssize_t n = ::readlink(path.c_str(), resolved, sizeof resolved - 1);
        if (n > 0) {
            resolved[n] = '\0';
            target = resolved[0] == '/' ? std::string(resolved)
                                        : folder_of(path) + std::string(resolved);
            f.path_ = target;
        }
        for (int attempt = 0; attempt < 100; ++attempt) {
            f.temp_ = target + ".tmp-" + std::to_string(::getpid()) + "-" +
                      std::to_string(next_serial()) + "~";
            // Mode 0666 less the umask, as a plain create would give.
            f.fd_ = ::open(f.temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            if (f.fd_ >= 0) break;
            if (errno != EEXIST) {
                const int e = errno;
                f.temp_.clear();
                return error{path + ": cannot write: " + reason(e)};
            }
        }
        if (f.fd_ < 0) {
            f.temp_.clear();
            return error{path + ": cannot create a temporary file beside it"};
        }
        if (exists) ::fchmod(f.fd_, st.st_mode & 07777); // keep the replaced file's permissions
        return f;
    }

    /// Appends `bytes` (kept in a 64 KiB buffer, then written); the first failure is kept,
    /// reported by failure() from then on and by commit().
    void write(std::string_view bytes) {
        if (failure_) return;
        if (buffer_.size() + bytes.size() < buffer_bytes) {
            buffer_.append(bytes);
            return;
        }
        drain();
        write_all(bytes); // large writes go straight out, not copied
    }
    [[nodiscard]] bool failed() const noexcept { return failure_.has_value(); }
    /// The first write error so far, if any.
    [[nodiscard]] const std::optional<error>& failure() const noexcept { return failure_; }

    /// Ends the file: syncs it, closes it and renames the temporary over the target. Any
    /// failure (this one or an earlier write's) removes the temporary and is returned.
    [[nodiscard]] std::optional<error> commit() {
        if (fd_ < 0 && !failure_) return error{path_ + ": not open"};
        drain();
        if (!failure_ && !temp_.empty() && ::fsync(fd_) != 0) {
            failure_ = error{path_ + ": write failed: " + reason(errno)};
        }
        if (fd_ >= 0 && ::close(std::exchange(fd_, -1)) != 0 && !failure_) {
            failure_ = error{path_ + ": write failed: " + reason(errno)};
        }
        if (!failure_ && !temp_.empty() && ::rename(temp_.c_str(), path_.c_str()) != 0) {
            failure_ = error{path_ + ": cannot replace: " + reason(errno)};
        }
        if (failure_) {
            discard();
            return failure_;
        }
        temp_.clear();
        return std::nullopt;
    }

    [[nodiscard]] const std::string& path() const noexcept { return path_; }

  private:
    static std::string reason(int e) { return std::strerror(e); }
    static std::string folder_of(const std::string& path) {
        const auto slash = path.rfind('/');
        return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
    }
    static unsigned long next_serial() {
        static std::atomic<unsigned long> serial{0};
        return ++serial;
    }
    static constexpr std::size_t buffer_bytes = std::size_t{1} << 16;

    /// Writes the buffer out; the first failure is kept.
    void drain() {
        write_all(buffer_);
        buffer_.clear();
    }
    void write_all(std::string_view bytes) {
        while (!bytes.empty() && fd_ >= 0 && !failure_) {
            const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                failure_ = error{path_ + ": write failed: " + reason(n < 0 ? errno : EIO)};
                break;
            }
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
    }
    void discard() noexcept {
        if (fd_ >= 0) ::close(std::exchange(fd_, -1));
        if (!temp_.empty()) ::unlink(temp_.c_str());
        temp_.clear();
    }

    std::string path_;
    std::string temp_; ///< empty when writing the target in place (not a regular file)
    int fd_ = -1;
    std::string buffer_;
    std::optional<error> failure_;
};

/// Writes `bytes` to `path` through output_file: all of it, or nothing changed. The error names
/// the path and the reason.
[[nodiscard]] inline std::optional<error> write_file_replacing(const std::string& path,
                                                               std::string_view bytes) {
    auto f = output_file::open(path);
    if (!f) return f.err();
    f->write(bytes);
    return f->commit();
}

} // namespace xunlu
