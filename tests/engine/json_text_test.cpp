// The limits every file reader checks before it parses (engine/json_forms.h; issue 18 finding 1):
// nesting counted outside strings only, the size limit exact.
#include <gtest/gtest.h>

#include <string>

#include "engine/json_forms.h"

namespace dune {
namespace {

TEST(JsonTextTest, NestingIsCountedOutsideStringsOnly) {
  const std::string at_limit = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_EQ(json_text_out_of_bounds(at_limit), std::nullopt);
  const std::string over = std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  ASSERT_TRUE(json_text_out_of_bounds(over));
  EXPECT_NE(json_text_out_of_bounds(over)->message.find("nested deeper than 256 levels (at byte 256)"), std::string::npos);
  // Brackets inside a string, escaped quotes included, are text.
  const std::string in_string = "{\"a\": \"\\\"" + std::string(1000, '[') + "\"}";
  EXPECT_EQ(json_text_out_of_bounds(in_string), std::nullopt);
}

TEST(JsonTextTest, TheSizeLimitIsExact) {
  EXPECT_EQ(json_text_out_of_bounds(std::string(kMaxJsonBytes, ' ')), std::nullopt);
  ASSERT_TRUE(json_text_out_of_bounds(std::string(kMaxJsonBytes + 1, ' ')));
  EXPECT_NE(json_text_out_of_bounds(std::string(kMaxJsonBytes + 1, ' '))->message.find("over the 64 MiB limit"), std::string::npos);
}

}  // namespace
}  // namespace dune
