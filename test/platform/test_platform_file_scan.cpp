/// @file test_platform_file_scan.cpp
/// @brief The scan of a SimGrid XML platform file finds every kind of profile SimGrid's DTD
/// allows, on the element and line that gives it, the settings of <config> sections and the
/// first <include>. It finds nothing in comments, CDATA, the document type, properties of hosts
/// and zones, or empty attributes.
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

// SimGrid removed <include> in version 3.18 and aborts on it: the scan gives its first line.
// A file that cannot be read gives an empty scan (its reader reports it).
TEST(PlatformFileScan, FindsTheFirstIncludeAndReadsFiles) {
  const std::string text = platform("  <!-- <include file=\"old.xml\"/> -->\n  <include file=\"a.xml\"/>\n"
                                    "  <include file=\"b.xml\"/>\n");
  EXPECT_EQ(scan_platform_text(text, "p.xml").include_line, 5);
  EXPECT_EQ(scan_platform_text(platform(""), "p.xml").include_line, 0);

  const std::filesystem::path path = std::filesystem::temp_directory_path() / "hetcoll-scan-test.xml";
  std::ofstream(path) << platform("  <link id=\"wan\" bandwidth=\"1Bps\"\n latency_file=\"lat.txt\"/>\n");
  const PlatformFileScan scan = scan_platform_file(path.string());
  ASSERT_TRUE(scan.time_varying);
  EXPECT_EQ(scan.time_varying->file, path.string());
  EXPECT_EQ(scan.time_varying->line, 4);
  std::filesystem::remove(path);
  const PlatformFileScan missing = scan_platform_file(path.string());
  EXPECT_FALSE(missing.time_varying);
  EXPECT_TRUE(missing.settings.empty());
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
