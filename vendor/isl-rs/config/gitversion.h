#define GIT_HEAD_ID "isl-0.27"
