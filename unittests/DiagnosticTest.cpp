#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Frontend/Explain.h"

#include "gtest/gtest.h"

#include <set>

using namespace tcgen05;

TEST(DiagnosticTest, CodesAreFormattedWithFourDigits) {
  EXPECT_EQ(formatDiagCode(1), "TC0001");
  EXPECT_EQ(formatDiagCode(1101), "TC1101");
}

TEST(DiagnosticTest, MessagesSubstituteArguments) {
  EXPECT_EQ(formatDiagMessage(DiagID::err_expected, {"';'", "'}'"}),
            "expected ';', found '}'");
}

TEST(DiagnosticTest, LookupFindsEveryCode) {
  for (DiagID ID : allCodedDiags()) {
    std::optional<DiagID> Found = lookupDiagCode(getDiagInfo(ID).Code);
    ASSERT_TRUE(Found);
    EXPECT_EQ(*Found, ID);
  }
  EXPECT_FALSE(lookupDiagCode(9999));
}

// rustc's tidy rule: every code has documentation that --explain prints.
TEST(DiagnosticTest, EveryCodeHasAnExplainPage) {
  for (DiagID ID : allCodedDiags()) {
    unsigned Code = getDiagInfo(ID).Code;
    std::optional<llvm::StringRef> Page = explainDiagCode(Code);
    ASSERT_TRUE(Page) << formatDiagCode(Code) << " has no docs page";
    EXPECT_TRUE(Page->starts_with("# " + formatDiagCode(Code)))
        << formatDiagCode(Code) << " page must start with its code";
  }
}

TEST(DiagnosticTest, SinkStopsAtItsCap) {
  DiagnosticSink Sink(2);
  Sink.report(DiagID::err_empty_statement, llvm::SMLoc());
  EXPECT_FALSE(Sink.shouldStop());
  Sink.report(DiagID::err_empty_statement, llvm::SMLoc());
  EXPECT_TRUE(Sink.shouldStop());
  Sink.report(DiagID::err_empty_statement, llvm::SMLoc());
  EXPECT_EQ(Sink.diagnostics().size(), 2u);
}

namespace {
} // namespace

TEST(DiagnosticTest, EngineAppliesErrorLimitAndWerror) {
  CollectingDiagnosticConsumer C;
  DiagnosticOptions Opts;
  Opts.ErrorLimit = 1;
  Opts.WarningsAsErrors = true;
  DiagnosticsEngine Engine(C, Opts);
  Diagnostic W = Diagnostic::make(DiagID::err_empty_statement, {});
  W.Sev = Severity::Warning;
  EXPECT_TRUE(Engine.emit(nullptr, W));
  EXPECT_EQ(C.Diags.back().Sev, Severity::Error);
  EXPECT_FALSE(Engine.emit(nullptr, W));
  EXPECT_TRUE(Engine.limitReached());
  EXPECT_EQ(Engine.numErrors(), 1u);
}
