// shim.h: the libxml2 headers FlowInspector uses (HTML parser, SAX and tree) and the tests use (XML Schema
// validation of JUnit reports), for the CLibXML2 system library target. Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers,
// whose enums clash with Foundation's own ICU module in Swift. Nothing here uses the ICU converter
// fields (only the SAX handler, the parser context's input line and xmlDoc are used, and none
// of their layouts depends on it: the encoding handler is only ever pointed to), so the ICU include is
// switched off after xmlversion.h has defined it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
