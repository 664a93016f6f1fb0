//===- tcgen05-check.cpp - Command-line driver ----------------------------===//
//
// A thin driver over the tcgen05check library: options, inputs, a
// diagnostics consumer, an exit code.
//
// Exit codes:
//   0  no errors (warnings allowed unless -Werror)
//   1  errors were reported in the inputs (or --verify found mismatches)
//   2  usage error, an input could not be read or an output written, or
//      memory ran out
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Frontend/Baseline.h"
#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DescriptorTool.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/Emit.h"
#include "tcgen05/Frontend/Explain.h"
#include "tcgen05/Frontend/InlineAsm.h"
#include "tcgen05/Frontend/Invocation.h"
#include "tcgen05/Frontend/ReadInput.h"
#include "tcgen05/Frontend/Verify.h"
#include "tcgen05/Frontend/WarpRolesDump.h"
#include "tcgen05/Frontend/WriteOutput.h"

#include "InputFiles.h"
#include "ManPage.h"
#include "OptionNames.h"
#include "ResponseFiles.h"
#include "tcgen05/Sema/Vocabulary.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"
#include "tcgen05/Version.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <exception>
#include <new>

#include <unistd.h>

using namespace llvm;
using namespace tcgen05;

namespace {

enum class Format { Text, JSON, Sarif, GitHub };
enum class ColorMode { Auto, Always, Never };

cl::OptionCategory Category("tcgen05-check options");

cl::list<std::string> Inputs(cl::Positional,
                             cl::desc("<file.ptx|directory ...>"),
                             cl::cat(Category));
cl::opt<std::string> Target("target",
                            cl::desc("Check as if .target named this "
                                     "(e.g. sm_100a); with --emit, rewrite "
                                     ".target to it"),
                            cl::value_desc("sm_XXX"), cl::cat(Category));
enum class EmitKind { None, PTX };
cl::opt<EmitKind>
    Emit("emit", cl::desc("Print the checked module"), cl::init(EmitKind::None),
         cl::values(clEnumValN(EmitKind::PTX, "ptx",
                               "canonical PTX; nothing is written on errors")),
         cl::cat(Category));
cl::opt<std::string> OutputFile("o",
                                cl::desc("Write --emit output here "
                                         "(default: standard output)"),
                                cl::value_desc("file"), cl::Prefix,
                                cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Leave out the findings FILE lists (written by "
             "--write-baseline): adopt the tool on code with known findings"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> WriteBaseline(
    "write-baseline",
    cl::desc("Write every finding's fingerprint to FILE, a baseline for "
             "--baseline"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string>
    StdinFilename("stdin-filename",
                  cl::desc("The name diagnostics give standard input ('-')"),
                  cl::value_desc("NAME"), cl::cat(Category));
cl::opt<std::string> SarifHelpBase(
    "sarif-help-base",
    cl::desc("With --format=sarif: where docs/diagnostics/ is published; "
             "rules link to URL/TCnnnn.md"),
    cl::value_desc("URL"), cl::cat(Category));
cl::opt<std::string> PtxVersion(
    "ptx-version",
    cl::desc("Rewrite .version to X.Y, or with 'auto' to the oldest version "
             "that accepts the module (and say which features decide)"),
    cl::value_desc("X.Y|auto"), cl::cat(Category));
cl::opt<bool> Werror("Werror", cl::desc("Treat warnings as errors"),
                     cl::cat(Category));
cl::opt<bool> NoWarnings("w", cl::desc("Suppress all warnings"),
                         cl::cat(Category));
cl::opt<unsigned> ErrorLimit("ferror-limit",
                             cl::desc("Stop after N errors in one input (0: no "
                                      "limit; default 20 for text, none for "
                                      "JSON and SARIF); a report that was "
                                      "cut says so (TC0011)"),
                             cl::init(20), cl::value_desc("N"),
                             cl::cat(Category));
cl::opt<uint64_t> MaxInputSize(
    "max-input-size",
    cl::desc("Refuse inputs of more than BYTES bytes (default: 4 GiB - 1, "
             "and 512 MiB for standard input)"),
    cl::init(DefaultMaxInputSize), cl::value_desc("BYTES"), cl::cat(Category));
cl::opt<Format> OutputFormat(
    "format", cl::desc("Diagnostic output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "clang-style text (stderr)"),
               clEnumValN(Format::JSON, "json", "JSON document (stdout)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0 log (stdout)"),
               clEnumValN(Format::GitHub, "github",
                          "GitHub Actions workflow commands (stdout)")),
    cl::cat(Category));
cl::opt<std::string> Explain("explain",
                             cl::desc("Print the documentation of a "
                                      "diagnostic code and exit"),
                             cl::value_desc("TCnnnn"), cl::cat(Category));
cl::opt<bool> ListRules("list-rules",
                        cl::desc("List every diagnostic code with its default "
                                 "severity, -W group and message, then exit"),
                        cl::cat(Category));
cl::opt<bool> DumpVocabulary(
    "dump-vocabulary",
    cl::desc("Print the tables the checker is built from (tcgen05 forms, "
             "qualifiers, operands, opcodes, other instructions, the "
             "diagnostic catalogue) as JSON, then exit"),
    cl::cat(Category));
cl::opt<bool> DumpWarpRoles(
    "dump-warp-roles",
    cl::desc("Print, for each tcgen05 instruction, which warps of the CTA "
             "(and which CTA of a pair) execute it, from the branches on the "
             "warp index and %cluster_ctarank; then each kernel's "
             "mbarriers, their counts and the arrivals a phase can get"),
    cl::cat(Category));
cl::opt<bool> Verify("verify",
                     cl::desc("Check the inputs' expected-error comments "
                              "instead of printing diagnostics"),
                     cl::cat(Category));
/// More threads than any machine has cores only cost memory (a stack each).
constexpr unsigned MaxThreads = 1024;
cl::opt<unsigned> Threads("j",
                          cl::desc("Threads checking function bodies "
                                   "(0: one per core; at most 1024)"),
                          cl::init(0), cl::value_desc("N"), cl::Prefix,
                          cl::cat(Category));

cl::alias ThreadsLong("jobs", cl::desc("Alias for -j"), cl::aliasopt(Threads),
                      cl::value_desc("N"), cl::cat(Category));

cl::opt<bool> Quiet("quiet",
                    cl::desc("Print the diagnostics only, without the closing "
                             "count of errors and warnings"),
                    cl::cat(Category));
cl::alias QuietShort("q", cl::desc("Alias for --quiet"), cl::aliasopt(Quiet),
                     cl::cat(Category));

cl::opt<bool> SeparateCompilation(
    "separate-compilation",
    cl::desc("Check as ptxas -c does: the one-.cta_group rule per function, "
             "not per kernel's call graph, and .extern functions may be "
             "defined in another module"),
    cl::cat(Category));
cl::alias SeparateCompilationShort("c", cl::aliasopt(SeparateCompilation),
                                   cl::desc("Alias for --separate-compilation"),
                                   cl::cat(Category));

cl::opt<unsigned> HazardSteps(
    "hazard-steps",
    cl::desc("Work the hazard analyses may spend per instruction and block "
             "of a function before they give up on it with a remark "
             "(TC6100); default 64"),
    cl::init(DefaultHazardStepsPerInstruction), cl::value_desc("N"),
    cl::cat(Category));

cl::opt<unsigned> BodyPiece(
    "body-piece",
    cl::desc("Statements per piece in which a body without tcgen05 "
             "instructions is parsed and checked, so that a long one needs "
             "little memory; 0 checks every body whole (default 65536)"),
    cl::init(DefaultBodyPieceStatements), cl::Hidden, cl::cat(Category));

cl::opt<uint64_t> EarlyItemBytes(
    "early-item-bytes",
    cl::desc("A body or .section of at least this many bytes goes to a "
             "thread as soon as the module pass meets it, the others once "
             "the pass ends (default 0: every one)"),
    cl::init(0), cl::Hidden, cl::cat(Category));

cl::opt<bool> DeferDeclarations(
    "defer-declarations",
    cl::desc("With more than one thread, parse the function declarations "
             "after the rest of the module pass, so that the bodies after "
             "them start sooner (default on)"),
    cl::init(true), cl::Hidden, cl::cat(Category));

cl::opt<uint64_t> StreamFromBytes(
    "stream-from-bytes",
    cl::desc("A file of at least this many bytes is read while it is "
             "checked, the others whole first; 0 reads every file whole "
             "first (default 4194304)"),
    cl::init(uint64_t(4) << 20), cl::Hidden, cl::cat(Category));

cl::opt<uint64_t> StreamChunkBytes(
    "stream-chunk-bytes",
    cl::desc("Bytes read at a time from a file read while it is checked "
             "(default 1048576)"),
    cl::init(uint64_t(1) << 20), cl::Hidden, cl::cat(Category));

cl::opt<bool> AnalyzeInvalid(
    "analyze-invalid",
    cl::desc("Run the descriptor analysis and hazard lints on functions with "
             "syntax errors too (for testing the analyses on broken input)"),
    cl::Hidden, cl::cat(Category));

cl::opt<bool> RemarkDescriptorAnalysis(
    "Rdescriptor-analysis",
    cl::desc("Remark where the descriptor analysis of a function stops "
             "short (TC4100-TC4102)"),
    cl::cat(Category));

cl::opt<std::string> DecodeIdesc(
    "decode-idesc",
    cl::desc("Print the fields of an instruction descriptor (with --kind) "
             "and what is wrong with it, then exit"),
    cl::value_desc("VALUE"), cl::cat(Category));
cl::opt<std::string>
    EncodeIdesc("encode-idesc",
                cl::desc("Build an instruction descriptor from fields, e.g. "
                         "m=128,n=256,dtype=1 (with --kind), then exit"),
                cl::value_desc("FIELD=VALUE,..."), cl::cat(Category));
cl::opt<std::string> DecodeSmemDesc(
    "decode-smem-desc",
    cl::desc("Print the fields of a shared memory descriptor and what is "
             "wrong with it, then exit"),
    cl::value_desc("VALUE"), cl::cat(Category));
cl::opt<std::string> EncodeSmemDesc(
    "encode-smem-desc",
    cl::desc("Build a shared memory descriptor, e.g. start_address=0,"
             "leading_offset=16,stride_offset=1024,swizzle=2 (bytes), then "
             "exit"),
    cl::value_desc("FIELD=VALUE,..."), cl::cat(Category));
cl::opt<bool> AsmTemplate(
    "asm-template",
    cl::desc("The inputs are inline-asm templates (operands %N or $N) with "
             "--constraints; diagnostics point into them"),
    cl::cat(Category));
cl::opt<std::string> Constraints(
    "constraints",
    cl::desc("With --asm-template: the operands' constraints, e.g. =r,l,n "
             "(r 32-bit, l 64-bit, h 16-bit, f .f32, d .f64, b predicate, n "
             "immediate)"),
    cl::value_desc("C,C,..."), cl::cat(Category));
cl::opt<std::string> Kind("kind", cl::value_desc("KIND"), cl::cat(Category));
cl::opt<bool> Sparse("sparse", cl::desc("With --decode-idesc: for .sp"),
                     cl::cat(Category));
cl::opt<unsigned> CtaGroupOpt("cta-group",
                              cl::desc("With --decode-idesc: .cta_group::N"),
                              cl::init(1), cl::value_desc("N"),
                              cl::cat(Category));

cl::opt<bool> PrintManPage("print-man-page",
                           cl::desc("Print the manual page tcgen05-check(1) "
                                    "and exit"),
                           cl::Hidden, cl::cat(Category));

constexpr const char *ExitCodeText = R"(
  0  no errors
  1  errors were reported (or --verify found mismatches)
  2  usage error, an input could not be read or an output written, or
     memory ran out
)";
// cl::extrahelp keeps a reference to its text.
const std::string ExitCodeHelp = std::string("\nEXIT CODES:") + ExitCodeText +
                                 "\nEach diagnostic carries a code [TCnnnn]; "
                                 "--explain TCnnnn describes it.\n";
cl::extrahelp ExitCodes(ExitCodeHelp);

/// The options the tool reads before cl does (extractExtraOptions).
std::vector<ExtraOptionHelp> extraOptionHelp() {
  return {
      {"--color=<auto|always|never>",
       "Colored text diagnostics (default: auto, when stderr is a terminal)"},
      {"-W<group>",
       "Turn on a group that is off by default (tcgen05-pedantic)"},
      {"-Wno-<group>", "Silence the warnings of a group"},
      {"-Werror=<group>", "Make the warnings of a group errors"},
      {"-Wno-error=<group>",
       "Keep a group's warnings warnings under -Werror (groups: " +
           diagGroupList() + ")"},
  };
}

/// --help's lines for them, in cl's layout.
std::string extraOptionHelpText() {
  std::string Out = "\n";
  for (const ExtraOptionHelp &E : extraOptionHelp()) {
    std::string Line = "  " + E.Spelling.str();
    Line.resize(std::max<size_t>(Line.size() + 1, 33), ' ');
    Out += Line + "- " + E.Help + "\n";
  }
  return Out;
}

/// The values of the enumerated options, for the manual page.
std::vector<std::pair<std::string, std::string>>
enumValues(const cl::Option &O) {
  std::vector<std::pair<std::string, std::string>> Out;
  auto Read = [&](const cl::generic_parser_base &P) {
    for (unsigned I = 0, E = P.getNumOptions(); I < E; ++I)
      Out.push_back({P.getOption(I).str(), P.getDescription(I).str()});
  };
  if (auto *F = dynamic_cast<const cl::opt<Format> *>(&O))
    Read(const_cast<cl::opt<Format> *>(F)->getParser());
  else if (auto *E = dynamic_cast<const cl::opt<EmitKind> *>(&O))
    Read(const_cast<cl::opt<EmitKind> *>(E)->getParser());
  return Out;
}

void printVersion(raw_ostream &OS) {
  OS << "tcgen05-check " << TCGEN05_VERSION_STRING << "\n"
     << "  PTX ISA 9.0 (tcgen05: PTX ISA 9.7.16)\n";
}

/// Options cl cannot express, taken out of argv before it sees them:
/// --color=auto|always|never (LLVM's support library owns an option named
/// 'color' with other values) and the warning words (-Werror, -w, the
/// -W<group> forms), read as the C interface and Python read them.
struct ExtraOptions {
  ColorMode Color = ColorMode::Auto;
  std::string BadColor;
};

void extractExtraOptions(SmallVectorImpl<const char *> &Args,
                         CheckInvocation &Inv, ExtraOptions &Out) {
  auto *It = std::remove_if(Args.begin() + 1, Args.end(), [&](const char *A) {
    StringRef S(A);
    if (S.consume_front("--color=") || S.consume_front("-color=")) {
      if (S == "always" || S == "never" || S == "auto")
        Out.Color = S == "always"  ? ColorMode::Always
                    : S == "never" ? ColorMode::Never
                                   : ColorMode::Auto;
      else
        Out.BadColor = S.str();
      return true;
    }
    return Inv.readWarningWord(S);
  });
  Args.erase(It, Args.end());
  // ...and the colour handed to LLVM's own option, which printers consult.
  if (Out.Color != ColorMode::Auto)
    Args.push_back(Out.Color == ColorMode::Always ? "--color=true"
                                                  : "--color=false");
}

/// What a call produced besides diagnostics, for the JSON document.
json::Value Result = nullptr;

std::unique_ptr<DiagnosticConsumer> makePrinter(bool Colors) {
  switch (OutputFormat) {
  case Format::Text:
    return createTextDiagnosticPrinter(errs(), Colors);
  case Format::JSON:
    return createJSONDiagnosticPrinter(outs(), &Result);
  case Format::Sarif:
    return createSarifDiagnosticPrinter(outs(), TCGEN05_VERSION_STRING,
                                        SarifHelpBase);
  case Format::GitHub:
    return createGitHubDiagnosticPrinter(outs());
  }
  return nullptr;
}

/// Writes Out to Path (standard output for "-"), whole or not at all.
bool writeFile(StringRef Path, StringRef Out, DiagnosticsEngine &Engine) {
  std::error_code EC = writeOutputFile(Path, Out);
  if (!EC)
    return true;
  Engine.emit(nullptr,
              Diagnostic::make(
                  DiagID::err_usage_cannot_write, {},
                  {Path == "-" ? "standard output" : Path.str(), EC.message()},
                  "tcgen05-check"));
  return false;
}

/// Writes --emit output to -o (or standard output).
bool writeOutput(StringRef Out, DiagnosticsEngine &Engine) {
  return writeFile(OutputFile.empty() ? StringRef("-") : StringRef(OutputFile),
                   Out, Engine);
}

std::optional<DescriptorRequest> descriptorRequest() {
  DescriptorRequest R;
  R.Kind = Kind;
  R.CtaGroup = CtaGroupOpt;
  R.Sparse = Sparse;
  R.Target = Target;
  std::pair<const cl::opt<std::string> *, DescriptorAction> Modes[] = {
      {&DecodeIdesc, DescriptorAction::DecodeIdesc},
      {&EncodeIdesc, DescriptorAction::EncodeIdesc},
      {&DecodeSmemDesc, DescriptorAction::DecodeSmem},
      {&EncodeSmemDesc, DescriptorAction::EncodeSmem}};
  for (auto &[Opt, Action] : Modes)
    if (Opt->getNumOccurrences()) {
      R.Action = Action;
      R.Input = *Opt;
      return R;
    }
  return std::nullopt;
}

/// The inputs, directories expanded (usageIsValid fills it).
InputFiles Expanded;

/// The usage error the options make, if any (reported to Engine).
bool usageIsValid(DiagnosticsEngine &Engine, const CheckInvocation &Inv) {
  auto Fail = [&](DiagID ID, std::vector<DiagArg> Args) {
    Engine.emit(nullptr, Diagnostic::make(ID, {}, Args, "tcgen05-check"));
    return false;
  };
  if (!Inv.acceptTargetAndVersion(Engine, "tcgen05-check"))
    return false;
  if (Inputs.empty())
    return Fail(DiagID::err_usage_no_inputs, {});
  // A template is one file; a directory of them is not a thing.
  if (AsmTemplate)
    Expanded.Paths.assign(Inputs.begin(), Inputs.end());
  else
    Expanded = expandInputs(Inputs);
  if (!Expanded.EmptyDirectories.empty())
    return Fail(DiagID::err_usage_empty_directory,
                {Expanded.EmptyDirectories.front()});
  bool Emitting = Emit != EmitKind::None;
  if (Emitting && Expanded.Paths.size() != 1)
    return Fail(DiagID::err_usage_emit_one_input, {Expanded.Paths.size()});
  if (Emitting && OutputFile.empty() && OutputFormat != Format::Text)
    return Fail(DiagID::err_usage_emit_needs_output,
                {OutputFormat == Format::JSON    ? "json"
                 : OutputFormat == Format::Sarif ? "sarif"
                                                 : "github"});
  if (!OutputFile.empty() && !Emitting)
    return Fail(DiagID::err_usage_output_needs_emit, {});
  if (Threads > MaxThreads)
    return Fail(DiagID::err_usage_bad_threads, {unsigned(Threads), MaxThreads});
  return true;
}

/// Checks, emits or checks templates for every input; false if an input
/// could not be read or written.
bool runInputs(SourceMgr &AllInputs, DiagnosticsEngine &Engine,
               const CheckInvocation &Inv, const CheckOptions &Opts,
               AnalysisStats &Counts) {
  bool IOFailed = false;
  for (const std::string &Path : Expanded.Paths) {
    // An input's text is needed until its findings are printed, which the
    // printers do as they come; only --verify reads every input at the end.
    auto Own = std::make_unique<SourceMgr>();
    SourceMgr &SM = Verify ? AllInputs : *Own;
    // The last input's memory (its text, its module, the bodies' storage)
    // is left to the exit, which takes it back at once: given back piece
    // by piece, it was a part of the run that no thread shares
    // (docs/performance.md).
    bool Last = &Path == &Expanded.Paths.back();
    CheckOptions InputOpts = Opts;
    InputOpts.FreeMemory = !Last;
    Engine.beginInput();
    CheckStatus S;
    if (AsmTemplate) {
      InlineAsmOptions AsmOpts;
      if (!Inv.Target.empty())
        AsmOpts.Target = Inv.Target;
      AsmOpts.MaxInputSize = Opts.MaxInputSize;
      S = checkInlineAsmFile(Path, Constraints, AsmOpts, SM, Engine);
    } else if (Emit != EmitKind::None || !Inv.PtxVersion.empty()) {
      EmitOptions EOpts;
      EOpts.Check = InputOpts;
      EOpts.PtxVersion = Inv.PtxVersion;
      std::string Out;
      raw_string_ostream OS(Out);
      S = emitFile(Path, SM, Engine, EOpts, OS);
      if (S == CheckStatus::Clean && Emit != EmitKind::None &&
          !writeOutput(Out, Engine))
        S = CheckStatus::IOError;
    } else {
      S = checkFile(Path, SM, Engine, InputOpts, &Counts);
    }
    IOFailed |= S == CheckStatus::IOError || S == CheckStatus::Usage;
    if (Last)
      llvm::BuryPointer(std::move(Own));
  }
  return !IOFailed;
}

/// What the tool says when memory runs out, or an exception escapes a
/// thread, formatted before either happens.
std::string OutOfMemoryText, EscapedText;

/// Says Text and ends the process, from any thread, allocating nothing.
/// The library's callers catch std::bad_alloc instead; a command-line tool
/// on several threads cannot unwind them all.
[[noreturn]] void internalError(const std::string &Text) {
  (void)!::write(2, Text.data(), Text.size());
  ::_exit(2);
}
[[noreturn]] void outOfMemory() { internalError(OutOfMemoryText); }

void installOutOfMemoryHandlers() {
  auto Format = [](const char *What) {
    return "tcgen05-check: error: " +
           formatDiagMessage(DiagID::err_internal, {What}) + " [" +
           formatDiagCode(getDiagInfo(DiagID::err_internal).Code) + "]\n";
  };
  OutOfMemoryText = Format("memory ran out");
  EscapedText = Format("an exception escaped a worker thread");
  std::set_new_handler([] { outOfMemory(); });
  // An allocation that fails where no new handler runs (a library with its
  // own C++ runtime) ends in an exception that nothing in a worker thread
  // catches.
  std::set_terminate([] {
    if (std::exception_ptr E = std::current_exception()) {
      try {
        std::rethrow_exception(E);
      } catch (const std::bad_alloc &) {
        outOfMemory();
      } catch (...) {
      }
    }
    internalError(EscapedText);
  });
  install_bad_alloc_error_handler(
      [](void *, const char *, bool) { outOfMemory(); });
  setBugReportMsg("tcgen05-check crashed: please report it with the input and "
                  "the output of --version.\n");
}

/// Prints a usage error before the options that choose the output are read.
int earlyUsageError(DiagID ID, std::vector<DiagArg> Args) {
  std::unique_ptr<DiagnosticConsumer> P =
      createTextDiagnosticPrinter(errs(), false);
  DiagnosticsEngine E(*P, DiagnosticOptions());
  E.emit(nullptr, Diagnostic::make(ID, {}, std::move(Args), "tcgen05-check"));
  P->finish();
  return 2;
}

/// Standard output and standard error written in full: false, after
/// saying so where it still can, when a write failed (a full disk, a
/// closed pipe).
bool streamsWritten() {
  std::error_code Out = takeStreamError(outs());
  std::error_code Err = takeStreamError(errs());
  if (Out && !Err) {
    earlyUsageError(DiagID::err_usage_cannot_write,
                    {"standard output", Out.message()});
    takeStreamError(errs());
  }
  return !Out && !Err;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  installOutOfMemoryHandlers();
  SmallVector<const char *, 16> Args(argv, argv + argc);
  BumpPtrAllocator ArgMemory;
  StringSaver Saver(ArgMemory);
  ResponseFileError ResponseError;
  if (!expandResponseFiles(Args, Saver, ResponseError))
    return earlyUsageError(DiagID::err_usage_bad_response_file,
                           {ResponseError.Path, ResponseError.Reason});
  // The options of the check, however spelt: the -W words here, the rest
  // once cl has parsed them.
  CheckInvocation Inv;
  ExtraOptions Extra;
  extractExtraOptions(Args, Inv, Extra);
  // Value lists come from the library's tables.
  std::string KindHelp = "The .kind for --decode-idesc and --encode-idesc (" +
                         idescKindList() + ")";
  Kind.setDescription(KindHelp);
  std::string GroupHelp = extraOptionHelpText();
  cl::extrahelp Groups(GroupHelp);
  // LLVM's own -stats (pass statistics, of which this tool has none)
  // gives way to this one.
  if (cl::Option *O = cl::getRegisteredOptions().lookup("stats"))
    O->removeArgument();
  static cl::opt<bool> Stats("stats",
                             cl::desc("Print counts (functions, those checked "
                                      "in pieces, statements, tcgen05 "
                                      "instructions, descriptor operands "
                                      "fully, partly and not known), the "
                                      "time of each phase and the serial "
                                      "share of the work"),
                             cl::cat(Category));
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  // An option the tool does not have is reported by the printer the
  // other options choose, so a SARIF or JSON reader sees it too.
  std::optional<UnknownOption> Unknown = findUnknownOption(Args, Category);
  if (Unknown)
    Args.erase(
        llvm::find_if(Args, [&](const char *A) { return Unknown->Arg == A; }));
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Args.size()), Args.data(),
          "tcgen05-check: checks PTX for Blackwell tcgen05 instructions\n",
          &errs()))
    return 2;

  bool Colors = Extra.Color == ColorMode::Always ||
                (Extra.Color == ColorMode::Auto && errs().has_colors());
  std::unique_ptr<DiagnosticConsumer> Printer = makePrinter(Colors);
  VerifyDiagnosticConsumer Verifier;
  DiagnosticConsumer &Consumer = Verify ? Verifier : *Printer;
  Inv.Target = Target;
  Inv.PtxVersion = PtxVersion;
  Inv.SeparateCompilation = SeparateCompilation;
  // -Werror and -w were read with the -W words (readWarningWord); cl sees
  // only the --Werror spelling.
  Inv.Diag.WarningsAsErrors |= Werror;
  Inv.Diag.IgnoreWarnings |= NoWarnings;
  // Machines read every finding; people read the first screenful.
  bool Limited = !Verify && (OutputFormat == Format::Text ||
                             ErrorLimit.getNumOccurrences());
  Inv.Diag.ErrorLimit = Limited ? unsigned(ErrorLimit) : 0;
  DiagnosticsEngine Engine(Consumer, Inv.Diag);
  auto Finish = [&](int Code) {
    Consumer.finish();
    return streamsWritten() ? Code : 2;
  };

  if (Unknown) {
    Diagnostic D = Diagnostic::make(DiagID::err_usage_unknown_option, {},
                                    {Unknown->Arg}, "tcgen05-check");
    if (!Unknown->Suggestion.empty())
      D.note(DiagID::note_did_you_mean, {}, {Unknown->Suggestion});
    Engine.emit(nullptr, std::move(D));
    return Finish(2);
  }
  Inv.reportUnknownWarningGroups(Engine, "tcgen05-check");
  if (!Extra.BadColor.empty()) {
    Engine.emit(nullptr, Diagnostic::make(DiagID::err_usage_bad_color, {},
                                          {Extra.BadColor}, "tcgen05-check"));
    return Finish(2);
  }
  if (PrintManPage) {
    printManPage(outs(), Category, extraOptionHelp(), enumValues,
                 TCGEN05_VERSION_STRING, ExitCodeText);
    return Finish(0);
  }
  if (ListRules) {
    printRuleList(outs());
    return Finish(0);
  }
  if (DumpVocabulary) {
    writeVocabulary(outs());
    return Finish(0);
  }
  if (!Explain.empty()) {
    std::optional<StringRef> Page = explainDiagnostic(Explain, Engine);
    if (Page)
      outs() << *Page;
    return Finish(Page ? 0 : 2);
  }
  if (std::optional<DescriptorRequest> R = descriptorRequest()) {
    CheckStatus S = runDescriptorTool(
        *R, outs(), Engine, OutputFormat == Format::JSON ? &Result : nullptr);
    return Finish(S == CheckStatus::Usage ? 2 : Engine.numErrors() ? 1 : 0);
  }
  if (!usageIsValid(Engine, Inv))
    return Finish(2);

  if (DumpWarpRoles) {
    CheckOptions Opts;
    Opts.MaxInputSize = std::min<uint64_t>(MaxInputSize, DefaultMaxInputSize);
    Opts.StdinName = StdinFilename;
    bool Failed = false;
    for (const std::string &Path : Expanded.Paths) {
      SourceMgr SM;
      Engine.beginInput();
      Failed |=
          dumpWarpRoles(Path, SM, Engine, Opts, outs()) == CheckStatus::IOError;
    }
    return Finish(Failed ? 2 : Engine.numErrors() ? 1 : 0);
  }

  // One pool for every input and every parallel stage.
  std::unique_ptr<ThreadPoolInterface> Pool = makeThreadPool(Threads);
  // And one cache of tcgen05 statement shapes: files checked together
  // mostly share their forms.
  Tcgen05ShapeCache Shapes;
  CheckOptions Opts;
  Inv.applyTo(Opts);
  Opts.Pool = Pool.get();
  Opts.ShapeCache = &Shapes;
  Opts.MaxInputSize = std::min<uint64_t>(MaxInputSize, DefaultMaxInputSize);
  // A limit given is standard input's too.
  if (MaxInputSize.getNumOccurrences())
    Opts.MaxStdinSize = Opts.MaxInputSize;
  Opts.Lint.RemarkIncompleteAnalysis = RemarkDescriptorAnalysis;
  Opts.AnalyzeInvalidFunctions = AnalyzeInvalid;
  Opts.Lint.HazardStepsPerInstruction = HazardSteps;
  Opts.BodyPieceStatements = BodyPiece;
  Opts.EarlyItemBytes = EarlyItemBytes;
  Opts.DeferDeclarations = DeferDeclarations;
  Opts.StreamFromBytes = StreamFromBytes;
  Opts.StreamChunkBytes =
      static_cast<size_t>(std::min<uint64_t>(StreamChunkBytes, size_t(-1)));
  Opts.StdinName = StdinFilename;
  // Nothing reads a clean input's text after its check but the verifier.
  Opts.GiveBackSections = !Verify;
  std::optional<Baseline> Known, Found;
  if (!BaselineFile.empty()) {
    Known = Baseline::load(BaselineFile, Engine);
    if (!Known)
      return Finish(2);
    Opts.KnownFindings = &*Known;
  }
  if (!WriteBaseline.empty())
    Opts.RecordFindings = &Found.emplace();
  AnalysisStats Counts;
  SourceMgr SM;
  bool InputsRead = runInputs(SM, Engine, Inv, Opts, Counts);
  if (Found) {
    std::string Text;
    raw_string_ostream OS(Text);
    Found->write(OS);
    if (!writeFile(WriteBaseline, Text, Engine))
      InputsRead = false;
  }
  Consumer.finish();
  if (!Verify && !Quiet && OutputFormat == Format::Text) {
    std::string Summary = diagnosticSummary(
        Engine.numErrors(), Engine.numWarnings(), Engine.numHiddenByComments(),
        Engine.numHiddenByBaseline());
    if (!Summary.empty())
      errs() << Summary << "\n";
  }
  if (Stats)
    Counts.print(errs());
  int Code = !InputsRead ? 2 : Engine.numErrors() ? 1 : 0;
  if (Verify)
    Code = Verifier.verify(SM, errs()) ? 1 : (InputsRead ? 0 : 2);
  return streamsWritten() ? Code : 2;
}
