//===- ManPage.cpp - The manual page, from the options --------------------===//

#include "ManPage.h"

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace tcgen05 {

namespace {

/// Text as roff prints it: a backslash escaped, a line that would start
/// with '.' or '\'' kept from being read as a request.
std::string roff(StringRef Text) {
  std::string Out;
  bool LineStart = true;
  for (char C : Text) {
    if (LineStart && (C == '.' || C == '\''))
      Out += "\\&";
    if (C == '\\')
      Out += "\\e";
    else if (C == '-')
      Out += "\\-";
    else
      Out += C;
    LineStart = C == '\n';
  }
  return Out;
}

/// --name=VALUE, with the values of an enumerated option as VALUE.
std::string spelling(const cl::Option &O,
                     ArrayRef<std::pair<std::string, std::string>> Values) {
  std::string Dash = O.ArgStr.size() == 1 ? "-" : "--";
  std::string S = "\\fB" + roff(Dash + O.ArgStr.str()) + "\\fR";
  // An alias answers for the value of the option it stands for, and names
  // it with its own value_desc.
  const cl::Option *Takes = &O;
  if (Takes->getValueExpectedFlag() == cl::ValueDisallowed ||
      Takes->getValueExpectedFlag() == cl::ValueOptional)
    return S;
  std::vector<std::string> Names;
  for (const auto &V : Values)
    Names.push_back(V.first);
  std::string Value = !Names.empty()            ? join(Names, "|")
                      : Takes->ValueStr.empty() ? std::string("value")
                                                : Takes->ValueStr.str();
  bool Separate =
      O.ArgStr.size() == 1 && Takes->getFormattingFlag() == cl::Prefix;
  return S + (Separate ? " " : "=") + "\\fI" + roff(Value) + "\\fR";
}

} // namespace

void printManPage(raw_ostream &OS, const cl::OptionCategory &Category,
                  ArrayRef<ExtraOptionHelp> Extra,
                  const EnumValuesFn &EnumValues, StringRef Version,
                  StringRef ExitCodes) {
  OS << ".TH TCGEN05-CHECK 1 \"\" \"tcgen05-check " << Version
     << "\" \"User Commands\"\n"
     << ".SH NAME\ntcgen05-check \\- check PTX for NVIDIA Blackwell tcgen05 "
        "errors, descriptor values and ordering hazards\n"
     << ".SH SYNOPSIS\n.B tcgen05-check\n[\\fIoptions\\fR] "
        "\\fIfile.ptx\\fR|\\fIdirectory\\fR|\\fB\\-\\fR ...\n"
     << ".SH DESCRIPTION\nChecks the tcgen05 instructions of PTX modules "
        "against the rules of the PTX ISA manual and of ptxas, the "
        "descriptor values that are constants, and the ordering of tcgen05 "
        "operations, and reports what is wrong as clang does: "
        "file:line:column, the source line, a caret, notes, and a code "
        "[TCnnnn] that \\fB\\-\\-explain\\fR describes.  A directory is "
        "checked for *.ptx files at any depth.\n"
     << ".SH OPTIONS\n";
  std::vector<const cl::Option *> Options;
  for (const auto &Entry : cl::getRegisteredOptions()) {
    const cl::Option *O = Entry.second;
    // --help leaves the aliases out; the page names them.
    bool Shown = O->getOptionHiddenFlag() == cl::NotHidden ||
                 dynamic_cast<const cl::alias *>(O);
    if (Shown && is_contained(O->Categories, &Category) && !O->ArgStr.empty() &&
        Entry.first == O->ArgStr)
      Options.push_back(O);
  }
  sort(Options, [](const cl::Option *A, const cl::Option *B) {
    return A->ArgStr.compare_insensitive(B->ArgStr) < 0;
  });
  for (const cl::Option *O : Options) {
    auto Values = EnumValues(*O);
    OS << ".TP\n" << spelling(*O, Values) << "\n" << roff(O->HelpStr) << "\n";
    if (Values.empty())
      continue;
    OS << ".RS\n";
    for (const auto &[Name, Help] : Values)
      OS << ".TP\n\\fB" << roff(Name) << "\\fR\n" << roff(Help) << "\n";
    OS << ".RE\n";
  }
  for (const ExtraOptionHelp &E : Extra)
    OS << ".TP\n\\fB" << roff(E.Spelling) << "\\fR\n" << roff(E.Help) << "\n";
  OS << ".SH WARNING GROUPS\n" << roff(diagGroupList()) << "\n";
  OS << ".SH EXIT STATUS\n.nf\n";
  SmallVector<StringRef, 8> Lines;
  StringRef(ExitCodes).trim('\n').split(Lines, '\n');
  for (StringRef Line : Lines)
    OS << roff(Line.drop_front(
              std::min<size_t>(2, Line.size() - Line.ltrim().size())))
       << "\n";
  OS << ".fi\n";
  OS << ".SH SEE ALSO\n\\fBptxas\\fR(1); \\fBtcgen05\\-check \\-\\-explain\\fR "
        "\\fITCnnnn\\fR and \\fB\\-\\-list\\-rules\\fR for the diagnostics.\n";
}

} // namespace tcgen05
