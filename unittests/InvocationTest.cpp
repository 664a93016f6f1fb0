#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/Invocation.h"

#include "gtest/gtest.h"

using namespace tcgen05;

namespace {

/// The codes Inv.validate reports, in order, and its verdict.
std::pair<std::vector<unsigned>, bool> validated(const CheckInvocation &Inv) {
  CollectingDiagnosticConsumer C;
  DiagnosticsEngine Engine(C, Inv.Diag);
  bool OK = Inv.validate(Engine, "<test>");
  std::vector<unsigned> Codes;
  for (const Diagnostic &D : C.Diags)
    Codes.push_back(D.code());
  return {Codes, OK};
}

} // namespace

// The warning words every door reads: groups known and unknown, -Werror
// and -w; a word that is no warning option is an unknown group.
TEST(InvocationTest, WarningWords) {
  CheckInvocation Inv;
  Inv.readWarningWords(
      " -Wno-tcgen05-fence  -Werror -Wtcgen05-pedantic -Wno-bogus nonsense ");
  EXPECT_TRUE(Inv.Diag.WarningsAsErrors);
  EXPECT_FALSE(Inv.Diag.IgnoreWarnings);
  EXPECT_TRUE(groupSilenced(Inv.Diag, "tcgen05-fence"));
  EXPECT_FALSE(groupSilenced(Inv.Diag, "tcgen05-pedantic"));
  EXPECT_EQ(Inv.UnknownWarningGroups,
            (std::vector<std::string>{"bogus", "nonsense"}));
  EXPECT_FALSE(Inv.readWarningWord("--target=sm_100a"));
  EXPECT_TRUE(Inv.readWarningWord("-w"));
  EXPECT_TRUE(Inv.Diag.IgnoreWarnings);
}

// An unknown group is a warning and the request runs; an unknown target
// and an unknown version are each refused, both said when both are wrong.
TEST(InvocationTest, ValidationSaysEveryProblem) {
  CheckInvocation Inv;
  EXPECT_EQ(validated(Inv), std::make_pair(std::vector<unsigned>{}, true));
  Inv.UnknownWarningGroups = {"bogus"};
  EXPECT_EQ(validated(Inv), std::make_pair(std::vector<unsigned>{108}, true));
  Inv.Target = "sm_99z";
  Inv.PtxVersion = "7.9.9";
  EXPECT_EQ(validated(Inv),
            std::make_pair(std::vector<unsigned>{108, 5, 102}, false));
  Inv.Target = "sm_103a";
  Inv.PtxVersion = "auto";
  Inv.UnknownWarningGroups.clear();
  EXPECT_EQ(validated(Inv), std::make_pair(std::vector<unsigned>{}, true));
}

TEST(InvocationTest, AppliesToTheCheck) {
  CheckInvocation Inv;
  Inv.Target = "sm_100a";
  Inv.SeparateCompilation = true;
  CheckOptions Opts;
  Inv.applyTo(Opts);
  EXPECT_EQ(Opts.Target, "sm_100a");
  EXPECT_TRUE(Opts.SeparateCompilation);
}
