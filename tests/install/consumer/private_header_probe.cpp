// Includes a header of xunlu's search internals that is not part of the installed package:
// building this against an installed xunlu must fail (see consumer_test.sh).
#include "xunlu/search/best_first.hpp"

int main() {
    return 0;
}
