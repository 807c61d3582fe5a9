#ifndef UDF_CHEAP_H
#define UDF_CHEAP_H

// glibc's mallopt lives in <malloc.h>, which Swift's Glibc module leaves out.
// Keeps freed memory in the process: no trimming below 1 GB, and blocks of
// up to 4 MB (a 1 MB state's keyframe and its copies) from the heap rather
// than a mapping of their own; larger ones are still mapped, so that a
// buffer grown step by step does not leave its old sizes in the heap. Each
// heap also grows 16 MB at a time: a thread's heap otherwise grew by the
// page, one `mprotect` call each (923 in a 1 MB state's first rebuild).
// Does nothing on other C libraries.
void udf_keep_freed_memory(void);

#endif
