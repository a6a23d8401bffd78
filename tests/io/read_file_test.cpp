// io::read_file: regular files refused by size before reading, streams read in chunks and cut
// off at the limit, the head check stopping a read early.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "xunlu/io/parse_error.hpp"

namespace xunlu {
namespace {

namespace fs = std::filesystem;

fs::path temp_path(const std::string& name) {
    return fs::temp_directory_path() / ("xunlu_read_file_" + std::to_string(::getpid()) + name);
}

TEST(read_file, regular_file_over_the_limit_is_refused_by_size) {
    const fs::path p = temp_path("big");
    std::ofstream(p, std::ios::binary) << std::string(5000, 'x');
    auto r = io::read_file(p.string(), 1000);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("file of 5000 bytes is larger than the limit of 1000"),
              std::string::npos);
    auto whole = io::read_file(p.string(), 5000);
    ASSERT_TRUE(whole.ok());
    EXPECT_EQ(whole->size(), 5000u);
    fs::remove(p);
}

TEST(read_file, stream_is_read_in_chunks_and_cut_at_the_limit) {
    std::signal(SIGPIPE, SIG_IGN); // the writer outlives the reader that stopped at the limit
    const fs::path p = temp_path("fifo");
    ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
    std::thread writer([&] {
        std::ofstream out(p, std::ios::binary);
        out << std::string(200000, 'y'); // the reader stops early: a broken pipe is expected
    });
    auto r = io::read_file(p.string(), 100000);
    writer.join();
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("more than 100000 bytes"), std::string::npos) << r.err().message;

    std::thread small_writer([&] { std::ofstream(p, std::ios::binary) << "hello\n"; });
    auto ok = io::read_file(p.string(), 100000);
    small_writer.join();
    ASSERT_TRUE(ok.ok()) << ok.err().message;
    EXPECT_EQ(*ok, "hello\n");
    fs::remove(p);
}

TEST(read_file, head_check_refuses_before_the_rest_is_read) {
    const fs::path p = temp_path("head");
    std::ofstream(p, std::ios::binary) << std::string(std::size_t{1} << 20, 'z');
    std::size_t seen = 0;
    auto r = io::read_file(p.string(), io::max_file_bytes,
                           [&](std::string_view head) -> std::optional<error> {
                               seen = head.size();
                               return error{"not wanted"};
                           });
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message, "not wanted");
    EXPECT_EQ(seen, std::size_t{64} << 10);
    fs::remove(p);
}

TEST(read_file, directory_and_missing_file) {
    EXPECT_NE(io::read_file(fs::temp_directory_path().string()).err().message.find("directory"),
              std::string::npos);
    EXPECT_NE(io::read_file("/nonexistent/x.map").err().message.find("cannot open"),
              std::string::npos);
}

} // namespace
} // namespace xunlu
