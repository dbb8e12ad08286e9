/// @file test_platform_file_scan.cpp
/// @brief The scan of a SimGrid XML platform file finds every kind of profile SimGrid's DTD
/// allows, on the element and line that gives it, and the settings of <config> sections. It
/// finds nothing in comments, CDATA, the document type, properties of hosts and zones, or
/// empty attributes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "platform/platform_file_scan.hpp"

namespace hetcoll {
namespace {

const char* kHead = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
)";

std::string platform(const std::string& body) { return std::string(kHead) + body + "</platform>\n"; }

// Every profile attribute of every element that takes one, each found on its own line.
TEST(PlatformFileScan, FindsEveryProfileAttributeOnItsLine) {
  struct Case {
    std::string element, attribute;
  };
  const std::vector<Case> cases = {{"host", "speed_file"}, {"host", "availability_file"}, {"host", "state_file"},
                                   {"peer", "speed_file"}, {"peer", "availability_file"}, {"peer", "state_file"},
                                   {"link", "bandwidth_file"}, {"link", "latency_file"},  {"link", "state_file"}};
  for (const Case& c : cases) {
    const std::string text = platform("  <zone id=\"world\" routing=\"Full\">\n    <" + c.element +
                                      " id=\"r1\" speed=\"1f\"\n      " + c.attribute +
                                      "=\"load.profile\"/>\n  </zone>\n");
    const PlatformFileScan scan = scan_platform_text(text, "p.xml");
    ASSERT_TRUE(scan.time_varying) << c.element << " " << c.attribute;
    EXPECT_EQ(scan.time_varying->element, c.element);
    EXPECT_EQ(scan.time_varying->id, "r1");
    EXPECT_EQ(scan.time_varying->attribute, c.attribute);
    EXPECT_EQ(scan.time_varying->value, "load.profile");
    EXPECT_EQ(scan.time_varying->line, 5);  // the element's first line
    EXPECT_EQ(scan.time_varying->describe(),
              "p.xml:5: " + c.element + " 'r1' has " + c.attribute + "=\"load.profile\"");
  }
}

TEST(PlatformFileScan, FindsATraceConnectWithItsKind) {
  const std::string text = platform(R"(  <zone id="world" routing="Full">
    <host id="h" speed="1f"/>
    <trace id="slow" periodicity="1">
0.0 1.0
    </trace>
    <trace_connect kind="SPEED" trace="slow" element="h"/>
  </zone>
)");
  const PlatformFileScan scan = scan_platform_text(text, "p.xml");
  ASSERT_TRUE(scan.time_varying);
  EXPECT_EQ(scan.time_varying->describe(), "p.xml:9: <trace_connect> attaches trace 'slow' to 'h' (kind SPEED)");
  // Without a kind, SimGrid's default: HOST_AVAIL.
  const PlatformFileScan defaulted =
      scan_platform_text(platform(R"(<trace_connect trace="t" element="h"/>)"), "p.xml");
  ASSERT_TRUE(defaulted.time_varying);
  EXPECT_EQ(defaulted.time_varying->attribute, "HOST_AVAIL");
}

// What looks like a profile but is none: comments, CDATA, the DTD's internal subset, empty
// attributes, a quoted '>' before an attribute, an attribute of another element.
TEST(PlatformFileScan, FindsNothingOutsideRealAttributes) {
  const std::string text = std::string("<?xml version='1.0'?>\n") +
                           "<!DOCTYPE platform [ <!ATTLIST host speed_file CDATA \"x\"> ]>\n" +
                           R"(<platform version="4.1">
  <!-- <host id="old" speed="1f" speed_file="old.profile"/> -->
  <zone id="world" routing="Full">
    <prop id="speed_file" value="not.a.profile"/>
    <host id="a>b" speed="1f" speed_file=""/>
    <host id="c" speed='1f' state_file=''>
      <prop id="state_file" value="p"/>
    </host>
    <link id="l" bandwidth="1Bps" latency="0s" sharing_policy="SHARED"/>
    <cluster id="k" prefix="k" suffix="" radical="0-3" speed="1f" bw="1Bps" lat="0s" bb_bw="1Bps"/>
  </zone>
<![CDATA[ <link id="m" bandwidth_file="x"/> ]]>
</platform>
)";
  EXPECT_FALSE(scan_platform_text(text, "p.xml").time_varying);
}

// The settings of <config> sections, in order, and none of the properties of other elements.
TEST(PlatformFileScan, ReadsTheSettingsOfConfigSections) {
  const std::string text = platform(R"(  <config id="General">
    <prop id="network/model" value="LV08"/>
    <prop id="contexts/stack-size" value="16"/>
  </config>
  <config/>
  <zone id="world" routing="Full">
    <prop id="network/latency-factor" value="3"/>
    <host id="h" speed="1f"><prop id="maxmin/precision" value="1"/></host>
  </zone>
)");
  const std::vector<FileSetting> settings = scan_platform_text(text, "p.xml").settings;
  ASSERT_EQ(settings.size(), 2u);
  EXPECT_EQ(settings[0].key, "network/model");
  EXPECT_EQ(settings[0].value, "LV08");
  EXPECT_EQ(settings[0].line, 5);
  EXPECT_EQ(settings[1].key, "contexts/stack-size");
  EXPECT_EQ(settings[1].value, "16");
  EXPECT_EQ(settings[1].line, 6);
}

// An <include>d file is scanned (found from the current directory or beside the file that
// includes it), and an include cycle ends.
TEST(PlatformFileScan, ScansIncludedFilesAndStopsOnACycle) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "hetcoll-scan-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "sub");
  auto write = [](const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; };
  write(dir / "sub" / "main.xml", platform("  <include file=\"part.xml\"/>\n"));
  write(dir / "sub" / "part.xml", "<include file=\"main.xml\"/>\n<config><prop id=\"path\" value=\".\"/></config>\n" +
                                      std::string("\n<link id=\"wan\" bandwidth=\"1Bps\" latency_file=\"lat.txt\"/>\n"));
  const PlatformFileScan scan = scan_platform_file((dir / "sub" / "main.xml").string());
  ASSERT_TRUE(scan.time_varying);
  EXPECT_EQ(scan.time_varying->file, (dir / "sub" / "part.xml").string());
  EXPECT_EQ(scan.time_varying->line, 4);
  EXPECT_EQ(scan.time_varying->attribute, "latency_file");
  EXPECT_EQ(scan.time_varying->where(),
            (dir / "sub" / "part.xml").string() + ":4 (included by " + (dir / "sub" / "main.xml").string() + ")");
  ASSERT_EQ(scan.settings.size(), 1u);
  EXPECT_EQ(scan.settings[0].key, "path");
  EXPECT_EQ(scan.settings[0].included_by, (dir / "sub" / "main.xml").string());
  // A missing file and a missing include give nothing: their readers report them.
  EXPECT_FALSE(scan_platform_file((dir / "nowhere.xml").string()).time_varying);
  write(dir / "lonely.xml", platform("  <include file=\"gone.xml\"/>\n"));
  EXPECT_FALSE(scan_platform_file((dir / "lonely.xml").string()).time_varying);
  std::filesystem::remove_all(dir);
}

TEST(PlatformFileScan, SettingValuesCompareAsNumbersOrWords) {
  EXPECT_TRUE(same_setting_value("1e30", "1e+30"));
  EXPECT_TRUE(same_setting_value("0", "0.0"));
  EXPECT_FALSE(same_setting_value("1e-9", "1e-10"));
  EXPECT_TRUE(same_setting_value("CM02", "CM02"));
  EXPECT_FALSE(same_setting_value("CM02", "LV08"));
  EXPECT_FALSE(same_setting_value("", "0"));
  EXPECT_EQ(setting_value({"network/model:CM02", "surf/precision:1e-09", "network/model:LV08"}, "network/model"),
            "LV08");
  EXPECT_EQ(setting_value({"network/model-x:CM02"}, "network/model"), "");
}

}  // namespace
}  // namespace hetcoll
