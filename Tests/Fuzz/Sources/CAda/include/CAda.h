// CAda.h: ada's C API, for FuzzURLDifferential. ada_c.h, ada.h and ada.cpp are ada's own single-file
// sources from the ada-url package on PyPI, which Tests/Fuzz/run fetches at build time at a pinned version
// (nothing of ada is committed; .gitignore keeps them out).
#include "ada_c.h"
