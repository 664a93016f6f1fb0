#include "tcgen05/Frontend/InlineAsm.h"

#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tcgen05;

namespace {

struct Result {
  CheckStatus Status;
  std::vector<Diagnostic> Diags;
  /// Line and column of the first diagnostic, in the template.
  std::pair<unsigned, unsigned> At{0, 0};
};

Result check(llvm::StringRef Template, std::vector<std::string> Constraints,
             InlineAsmOptions Opts = {}) {
  llvm::SourceMgr SM;
  CollectingDiagnosticConsumer C;
  DiagnosticsEngine Engine(C, DiagnosticOptions());
  Result R{checkInlineAsm(Template, Constraints, "asm", Opts, SM, Engine),
           C.Diags};
  if (!C.Diags.empty() && C.Diags.front().Range.Start.isValid())
    R.At = SM.getLineAndColumn(C.Diags.front().Range.Start);
  return R;
}

const char *const Ld = "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];";

} // namespace

TEST(InlineAsmTest, CleanTemplate) {
  Result R = check(Ld, {"=r", "=r", "r"});
  EXPECT_EQ(R.Status, CheckStatus::Clean);
  EXPECT_TRUE(R.Diags.empty());
}

TEST(InlineAsmTest, ErrorsPointIntoTheTemplate) {
  // A 64-bit taddr: the caret is on the placeholder, not on a rewritten name.
  Result R = check(Ld, {"=r", "=r", "l"});
  EXPECT_EQ(R.Status, CheckStatus::Errors);
  ASSERT_FALSE(R.Diags.empty());
  EXPECT_EQ(R.At.first, 1u);
  EXPECT_EQ(R.At.second, std::string(Ld).find("%2") + 1);
}

TEST(InlineAsmTest, DollarOperandsAndImmediates) {
  const char *Alloc =
      "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$0], $1;";
  EXPECT_EQ(check(Alloc, {"l", "n"}).Status, CheckStatus::Clean);
  EXPECT_EQ(check(Alloc, {"l", "l"}).Status, CheckStatus::Errors);
}

TEST(InlineAsmTest, BadConstraintAndOperandNumber) {
  Result Bad = check(Ld, {"=r", "=q", "r"});
  EXPECT_EQ(Bad.Status, CheckStatus::IOError);
  ASSERT_EQ(Bad.Diags.size(), 1u);
  EXPECT_EQ(Bad.Diags[0].code(), 7u);
  // The constraints are not in the template: no position in it.
  EXPECT_FALSE(Bad.Diags[0].Range.Start.isValid());
  EXPECT_EQ(Bad.Diags[0].File, "asm");

  Result Range = check(Ld, {"=r", "=r"});
  EXPECT_EQ(Range.Status, CheckStatus::IOError);
  ASSERT_FALSE(Range.Diags.empty());
  EXPECT_EQ(Range.Diags[0].code(), 8u);
}

TEST(InlineAsmTest, TargetComesFromOptions) {
  const char *Shift = "tcgen05.shift.cta_group::1.down [%0];";
  EXPECT_EQ(check(Shift, {"r"}).Status, CheckStatus::Clean);
  InlineAsmOptions F;
  F.Target = "sm_100f";
  EXPECT_EQ(check(Shift, {"r"}, F).Status, CheckStatus::Errors);
}
