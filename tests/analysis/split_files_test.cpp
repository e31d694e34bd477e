// SplitFiles: the name pattern (every field, every error word for word), safe names (each
// rule, names that would merge kept apart), files of N records, a file per value with fewer
// files open than values (plain and compressed: suspended and resumed), what a failed file
// leaves, and OutputFile::suspend/resume on their own.
#include "analysis/io/split_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;
using fairykit::testing::read_file;

std::string parse_error(const std::string& pattern) {
  absl::StatusOr<SplitPattern> p = SplitPattern::parse("--output", pattern);
  return p.ok() ? "(ok)" : std::string(p.status().message());
}

TEST(SplitPattern, Fields) {
  absl::StatusOr<SplitPattern> p = SplitPattern::parse("--output", "out/g-{n}.pgn");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->has_number());
  EXPECT_FALSE(p->has_value());
  EXPECT_EQ(p->directory(), "out");
  EXPECT_EQ(p->expand(1, ""), "out/g-0001.pgn");
  EXPECT_EQ(p->expand(12345, ""), "out/g-12345.pgn");  // more digits when needed

  p = SplitPattern::parse("--output", "{n:1}-{value}-{n:6}{{x}}.pgn");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->has_number() && p->has_value());
  EXPECT_EQ(p->directory(), "");
  EXPECT_EQ(p->expand(7, "Tal"), "7-Tal-000007{x}.pgn");

  p = SplitPattern::parse("--output", "/{value}");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->directory(), "/");
  EXPECT_EQ(p->expand(1, "a"), "/a");

  p = SplitPattern::parse("--output", "plain.pgn");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_FALSE(p->has_number() || p->has_value());
}

TEST(SplitPattern, ErrorsWordForWord) {
  EXPECT_EQ(parse_error("g-{x}.pgn"),
            "--output 'g-{x}.pgn': unknown field {x} (known: {n}, {n:WIDTH}, {value})");
  EXPECT_EQ(parse_error("g-{}.pgn"),
            "--output 'g-{}.pgn': unknown field {} (known: {n}, {n:WIDTH}, {value})");
  EXPECT_EQ(parse_error("g-{n.pgn"), "--output 'g-{n.pgn': '{' without '}' (write {{ for a brace)");
  EXPECT_EQ(parse_error("g-n}.pgn"), "--output 'g-n}.pgn': '}' without '{' (write }} for a brace)");
  EXPECT_EQ(parse_error("g-{n:0}.pgn"),
            "--output 'g-{n:0}.pgn': {n:WIDTH} wants a width from 1 to 20, not '0'");
  EXPECT_EQ(parse_error("g-{n:21}.pgn"),
            "--output 'g-{n:21}.pgn': {n:WIDTH} wants a width from 1 to 20, not '21'");
  EXPECT_EQ(parse_error("g-{n:}.pgn"),
            "--output 'g-{n:}.pgn': {n:WIDTH} wants a width from 1 to 20, not ''");
  EXPECT_EQ(parse_error("{value}/g.pgn"),
            "--output '{value}/g.pgn': a field may only be in the file name, not in its "
            "directories");
  EXPECT_EQ(parse_error(""), "--output '': no file name (the pattern ends in '/' or is empty)");
  EXPECT_EQ(parse_error("out/"),
            "--output 'out/': no file name (the pattern ends in '/' or is empty)");
}

TEST(SafeFileValue, EachRule) {
  EXPECT_EQ(safe_file_value("Tata Steel 2023"), "Tata_Steel_2023");
  EXPECT_EQ(safe_file_value("B90"), "B90");
  EXPECT_EQ(safe_file_value("a/b\\c:d~e"), "a_b_c_d_e");
  EXPECT_EQ(safe_file_value(".."), "_.");
  EXPECT_EQ(safe_file_value("."), "_");
  EXPECT_EQ(safe_file_value(".hidden"), "_hidden");
  EXPECT_EQ(safe_file_value("-rf"), "_rf");
  EXPECT_EQ(safe_file_value(""), "_");
  EXPECT_EQ(safe_file_value("a\tb\nc"), "a_b_c");
  EXPECT_EQ(safe_file_value("1.e4+"), "1.e4+");
  // UTF-8 characters are kept; invisible ones and spaces of other widths are not.
  EXPECT_EQ(safe_file_value("Zürich"), "Zürich");
  EXPECT_EQ(safe_file_value("Москва"), "Москва");
  EXPECT_EQ(safe_file_value("a\u200Bb\u202Ec\u00A0d\uFEFF"), "a_b_c_d_");
  // Invalid UTF-8 (Latin-1 "Zürich"): every byte above 0x7F becomes '_'.
  EXPECT_EQ(safe_file_value("Z\xFCrich"), "Z_rich");
  // Cut to 100 bytes, never inside a character.
  EXPECT_EQ(safe_file_value(std::string(150, 'x')), std::string(100, 'x'));
  std::string wide;
  for (int i = 0; i < 60; ++i) wide += "é";  // 2 bytes each
  EXPECT_EQ(safe_file_value(wide).size(), 100u);
  EXPECT_EQ(safe_file_value("x" + wide).size(), 99u);
}

class SplitFilesTest : public fairykit::testing::TempDirTest {
 protected:
  std::unique_ptr<SplitFiles> make(const std::string& pattern, SplitOptions o,
                                   std::vector<std::string> inputs = {},
                                   std::vector<OutputSpec> others = {}) {
    absl::StatusOr<SplitPattern> p = SplitPattern::parse("--output", (dir_ / pattern).string());
    EXPECT_TRUE(p.ok()) << p.status();
    absl::StatusOr<std::unique_ptr<SplitFiles>> f =
        SplitFiles::make("--output", *p, std::move(o), std::move(inputs), std::move(others));
    EXPECT_TRUE(f.ok()) << f.status();
    return f.ok() ? std::move(*f) : nullptr;
  }
  std::string at(const std::string& name) { return read_file(dir_ / name); }
  std::string path(const std::string& name) { return (dir_ / name).string(); }
};

TEST_F(SplitFilesTest, FilesOfNRecordsEachPutInPlaceWhenFull) {
  SplitOptions o;
  o.records_per_file = 2;
  o.head = "[\n";
  o.separator = ",\n";
  o.tail = "\n]\n";
  auto files = make("g-{n:2}.json", o);
  ASSERT_TRUE(files);
  ASSERT_TRUE(files->add(std::nullopt, "1"));
  ASSERT_TRUE(files->add(std::nullopt, "2"));
  // Full: in place already, and nothing else in the directory.
  EXPECT_EQ(at("g-01.json"), "[\n1,\n2\n]\n");
  EXPECT_EQ(entries(), 1);
  ASSERT_TRUE(files->add("ignored", "3"));
  EXPECT_FALSE(fs::exists(dir_ / "g-02.json"));  // under its temporary name until complete
  EXPECT_EQ(entries(), 2);
  EXPECT_TRUE(files->commit().empty());
  EXPECT_EQ(at("g-02.json"), "[\n3\n]\n");
  EXPECT_EQ(entries(), 2);
  EXPECT_EQ(files->files(), 2u);
  EXPECT_EQ(files->records(), 3u);
  EXPECT_EQ(files->summary(), "split: 3 games in 2 files\n  " + path("g-01.json") +
                                  ": 2 games\n  " + path("g-02.json") + ": 1 game\n");
}

TEST_F(SplitFilesTest, AFilePerValueNamesKeptApart) {
  SplitOptions o;
  o.value_of = "Event";
  auto files = make("e-{value}.pgn", o);
  ASSERT_TRUE(files);
  for (const auto& [value, record] :
       std::vector<std::pair<std::optional<std::string>, std::string>>{{"A/B", "1\n"},
                                                                       {"A_B", "2\n"},
                                                                       {std::nullopt, "3\n"},
                                                                       {"Unknown", "4\n"},
                                                                       {"a_b", "5\n"},
                                                                       {"A/B", "6\n"},
                                                                       {"?x", "7\n"}}) {
    ASSERT_TRUE(files->add(value ? std::optional<std::string_view>(*value) : std::nullopt, record));
  }
  const std::vector<std::string> notes = files->take_notes();
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0], "Event \"A_B\" goes to '" + path("e-A_B~2.pgn") + "': '" + path("e-A_B.pgn") +
                          "' is the file of another value");
  EXPECT_EQ(notes[1], "Event \"Unknown\" goes to '" + path("e-Unknown~2.pgn") + "': '" +
                          path("e-unknown.pgn") + "' is the file of another value");
  EXPECT_TRUE(files->take_notes().empty());
  EXPECT_TRUE(files->commit().empty());
  EXPECT_EQ(at("e-A_B.pgn"), "1\n6\n");
  EXPECT_EQ(at("e-A_B~2.pgn"), "2\n");
  EXPECT_EQ(at("e-unknown.pgn"), "3\n");
  EXPECT_EQ(at("e-Unknown~2.pgn"), "4\n");
  EXPECT_EQ(at("e-a_b~3.pgn"), "5\n");
  EXPECT_EQ(at("e-_x.pgn"), "7\n");
  EXPECT_EQ(entries(), 6);
  EXPECT_EQ(files->summary(),
            "split: 7 games in 6 files\n"
            "  " +
                path("e-A_B.pgn") +
                ": 2 games (Event \"A/B\")\n"
                "  " +
                path("e-A_B~2.pgn") +
                ": 1 game (Event \"A_B\")\n"
                "  " +
                path("e-unknown.pgn") +
                ": 1 game (no Event)\n"
                "  " +
                path("e-Unknown~2.pgn") +
                ": 1 game (Event \"Unknown\")\n"
                "  " +
                path("e-a_b~3.pgn") +
                ": 1 game (Event \"a_b\")\n"
                "  " +
                path("e-_x.pgn") + ": 1 game (Event \"?x\")\n");
}

TEST_F(SplitFilesTest, NumberedValuesNeedNoSuffix) {
  SplitOptions o;
  o.value_of = "ECO";
  auto files = make("{n:1}-{value}.pgn", o);
  ASSERT_TRUE(files);
  ASSERT_TRUE(files->add("A/B", "1\n"));
  ASSERT_TRUE(files->add("A_B", "2\n"));
  ASSERT_TRUE(files->add(std::nullopt, "3\n"));
  EXPECT_TRUE(files->take_notes().empty());
  EXPECT_TRUE(files->commit().empty());
  EXPECT_EQ(at("1-A_B.pgn"), "1\n");
  EXPECT_EQ(at("2-A_B.pgn"), "2\n");
  EXPECT_EQ(at("3-unknown.pgn"), "3\n");
}

// More values than files open at once: the others are suspended and resumed, compressed
// ones as concatenated members / frames that read back as one stream.
TEST_F(SplitFilesTest, MoreValuesThanOpenFiles) {
  for (const std::string ext : {".pgn", ".pgn.gz", ".pgn.zst"}) {
    SplitOptions o;
    o.value_of = "Round";
    o.max_open = 3;
    o.head = "head\n";
    o.tail = "tail\n";
    o.separator = "--\n";
    auto files = make("r{value}" + ext, o);
    ASSERT_TRUE(files);
    std::vector<std::string> want(10);
    for (int i = 0; i < 200; ++i) {
      const int v = (i * 7) % 10;
      const std::string record = "game " + std::to_string(i) + "\n";
      want[v] += (want[v].empty() ? "head\n" : "--\n") + record;
      ASSERT_TRUE(files->add(std::to_string(v), record)) << ext;
    }
    EXPECT_TRUE(files->commit().empty()) << ext;
    for (int v = 0; v < 10; ++v) {
      const std::string p = path("r" + std::to_string(v) + ext);
      absl::StatusOr<std::string> back = fairykit::testing::read_input(p);
      ASSERT_TRUE(back.ok()) << back.status();
      EXPECT_EQ(*back, want[v] + "tail\n") << p;
    }
    for (const auto& e : fs::directory_iterator(dir_))
      EXPECT_EQ(e.path().filename().string().find(".fairykit-"), std::string::npos) << e.path();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
}

TEST_F(SplitFilesTest, MissingDirectoryAndRefusedFiles) {
  absl::StatusOr<SplitPattern> p = SplitPattern::parse("--output", path("nodir/g-{n}.pgn"));
  ASSERT_TRUE(p.ok());
  absl::StatusOr<std::unique_ptr<SplitFiles>> f = SplitFiles::make("--output", *p, {}, {}, {});
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().message(), "--output '" + path("nodir/g-{n}.pgn") + "': the directory '" +
                                      path("nodir") + "' does not exist");
  std::ofstream(dir_ / "file") << "x";
  p = SplitPattern::parse("--output", path("file/g-{n}.pgn"));
  f = SplitFiles::make("--output", *p, {}, {}, {});
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().message(),
            "--output '" + path("file/g-{n}.pgn") + "': '" + path("file") + "' is not a directory");

  // An input at a name the pattern makes: refused when the file is to be made, the input left
  // as it was; the next value still gets its file.
  std::ofstream(dir_ / "v-b.pgn") << "INPUT";
  fs::create_symlink(dir_ / "file", dir_ / "v-c.pgn");
  SplitOptions o;
  o.value_of = "Event";
  auto files = make("v-{value}.pgn", o, {path("v-b.pgn")}, {{"--invalid-out", path("v-d.pgn")}});
  ASSERT_TRUE(files);
  EXPECT_TRUE(files->add("a", "1\n"));
  EXPECT_FALSE(files->add("b", "2\n"));
  EXPECT_FALSE(files->add("c", "3\n"));
  EXPECT_FALSE(files->add("d", "4\n"));
  EXPECT_FALSE(files->add("b", "5\n"));
  const std::vector<absl::Status> errors = files->commit();
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].message(), "--output '" + path("v-b.pgn") + "' is the input '" +
                                     path("v-b.pgn") + "': refusing to overwrite it");
  EXPECT_EQ(errors[1].message(),
            path("v-c.pgn") + ": is a symbolic link: refusing to write through it");
  EXPECT_EQ(errors[2].message(), "--invalid-out '" + path("v-d.pgn") + "' and --output '" +
                                     path("v-d.pgn") + "' are the same file");
  EXPECT_EQ(at("v-a.pgn"), "1\n");
  EXPECT_EQ(at("v-b.pgn"), "INPUT");
  EXPECT_EQ(at("file"), "x");
  EXPECT_FALSE(fs::exists(dir_ / "v-d.pgn"));
  EXPECT_EQ(files->summary(),
            "split: 5 games in 4 files\n"
            "  " +
                path("v-a.pgn") +
                ": 1 game (Event \"a\")\n"
                "  " +
                path("v-b.pgn") +
                ": 2 games (Event \"b\") (not written)\n"
                "  " +
                path("v-c.pgn") +
                ": 1 game (Event \"c\") (not written)\n"
                "  " +
                path("v-d.pgn") + ": 1 game (Event \"d\") (not written)\n");
}

class OutputFileSuspendTest : public fairykit::testing::TempDirTest {};

TEST_F(OutputFileSuspendTest, SuspendedFilesCommitAndDiscard) {
  {
    auto f = OutputFile::open((dir_ / "a.pgn").string());
    ASSERT_TRUE(f.ok());
    (*f)->write("one\n");
    (*f)->suspend();
    EXPECT_TRUE((*f)->suspended());
    (*f)->write("lost\n");  // nothing is written while suspended
    (*f)->resume();
    (*f)->write("two\n");
    (*f)->suspend();
    EXPECT_TRUE((*f)->commit().ok());  // from suspended: synced and renamed
  }
  EXPECT_EQ(read_file(dir_ / "a.pgn"), "one\ntwo\n");
  {
    auto f = OutputFile::open((dir_ / "b.pgn").string());
    ASSERT_TRUE(f.ok());
    (*f)->write("x");
    (*f)->suspend();
    EXPECT_EQ(entries(), 2);
  }  // never committed: the temporary file goes
  EXPECT_EQ(entries(), 1);
}

}  // namespace
}  // namespace fairykit::analysis
