#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Frontend/Explain.h"

#include "gtest/gtest.h"

#include <map>
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

// As clang's diagnostic tablegen does, the catalogue says what each
// argument is: every placeholder names a known kind, the arguments are
// numbered from 0 without gaps, and one argument has one kind.
TEST(DiagnosticTest, EveryPlaceholderNamesAKind) {
  for (unsigned I = 0; I < static_cast<unsigned>(DiagID::NumDiagIDs); ++I) {
    DiagID ID = static_cast<DiagID>(I);
    const DiagInfo &Info = getDiagInfo(ID);
    std::optional<std::vector<DiagPlaceholder>> Ps = diagPlaceholders(ID);
    ASSERT_TRUE(Ps) << Info.Name.str() << ": unknown argument kind in \""
                    << Info.Format.str() << "\"";
    std::map<unsigned, DiagArgKind> Kinds;
    for (const DiagPlaceholder &P : *Ps) {
      auto [It, New] = Kinds.insert({P.Index, P.Kind});
      EXPECT_EQ(It->second, P.Kind)
          << Info.Name.str() << ": %" << P.Index << " is used as two kinds";
    }
    unsigned Next = 0;
    for (const auto &[Index, Kind] : Kinds)
      EXPECT_EQ(Index, Next++)
          << Info.Name.str() << ": arguments skip %" << Next - 1;
  }
}

TEST(DiagnosticTest, ArgumentsAreSpelledByTheirKind) {
  EXPECT_EQ(
      formatDiagMessage(DiagID::err_tcgen05_word_not_here,
                        {"tcgen05.ld", ".sp",
                         DiagArg::list({"tcgen05.mma", "tcgen05.mma.ws"})}),
      "malformed tcgen05.ld: '.sp' is only valid on tcgen05.mma or "
      "tcgen05.mma.ws");
  EXPECT_EQ(
      formatDiagMessage(DiagID::err_tcgen05_expected_token,
                        {"tcgen05.wait",
                         DiagArg::list({".wait::ld", ".wait::st"}), "'.wait'"}),
      "malformed tcgen05.wait: expected '.wait::ld' or '.wait::st', "
      "found '.wait'");
  EXPECT_EQ(DiagArg(48).format(DiagArgKind::Value), "48");
  EXPECT_EQ(DiagArg::bits(0x400490, 32).format(DiagArgKind::Hex), "0x00400490");
  EXPECT_EQ(DiagArg::bits(0x80, 8).format(DiagArgKind::Hex), "0x80");
  EXPECT_EQ(DiagArg::range(0, 31).format(DiagArgKind::Range), "[0, 31]");
  EXPECT_EQ(DiagArg::list({"64"}).format(DiagArgKind::List), "64");
  EXPECT_EQ(DiagArg::list({"64", "128", "256"}).format(DiagArgKind::List),
            "64, 128 or 256");
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

TEST(DiagnosticTest, MergeBySourceKeepsTheFirstUnderTheCap) {
  const char Text[] = "abcdef";
  auto At = [&](int I) { return llvm::SMLoc::getFromPointer(Text + I); };
  DiagnosticSink Sink(3), Late(3);
  Sink.report(DiagID::err_empty_statement, At(1));
  Sink.report(DiagID::err_empty_statement, At(4));
  Sink.report(DiagID::err_empty_statement, At(5));
  EXPECT_TRUE(Sink.shouldStop());
  Late.report(DiagID::err_empty_statement, At(0));
  Late.report(DiagID::err_empty_statement, At(2));
  Sink.mergeBySource(std::move(Late));
  // The three first by position, as one sink fed in order would hold.
  std::vector<const char *> Kept;
  for (const Diagnostic &D : Sink.diagnostics())
    Kept.push_back(D.Range.Start.getPointer());
  EXPECT_EQ(Kept, (std::vector<const char *>{Text, Text + 1, Text + 2}));
  EXPECT_EQ(Sink.numErrors(), 3u);
  EXPECT_TRUE(Late.diagnostics().empty());
}

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
