// xunlu command-line entry point: one sub-command per file, errors mapped to exit codes here
// (every exception, std::bad_alloc included, becomes a message and exit 2, never an abort).
#include <cstdio>
#include <exception>
#include <new>

#include "cli_common.hpp"

int main(int argc, char** argv) {
    CLI::App app{"xunlu: grid pathfinding engine for games"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "xunlu 0.1.0");
    xunlu::cli::register_find(app);
    xunlu::cli::register_scen(app);
    xunlu::cli::register_gen(app);
    xunlu::cli::register_render(app);
    xunlu::cli::register_info(app);
    xunlu::cli::register_jps_table(app);
    xunlu::cli::register_subgoal_graph(app);
    xunlu::cli::register_visgraph(app);
    xunlu::cli::register_landmarks(app);
    xunlu::cli::register_route(app);
    xunlu::cli::register_ray(app);
    xunlu::cli::register_poly(app);
    xunlu::cli::register_compare(app);
    xunlu::cli::register_compare_batch(app);
    xunlu::cli::register_algorithms(app);
    xunlu::cli::register_convert(app);
#ifdef XUNLU_HAVE_CLIENT
    xunlu::cli::register_client(app);
#endif
    xunlu::cli::register_graph(app);
    xunlu::cli::register_simulate(app);
    xunlu::cli::register_crowd(app);
    xunlu::cli::register_fog(app);
    xunlu::cli::register_update(app);
    xunlu::cli::register_mesh(app);
    try {
        app.parse(argc, argv);
        // Output lost to a full disk or a closed descriptor is an error, not a success.
        xunlu::cli::flush_stdout();
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e); // --help, --version
        std::fprintf(stderr, "xunlu: %s\nRun with --help for more information.\n", e.what());
        return xunlu::cli::exit_bad_input;
    } catch (const xunlu::cli::command_error& e) {
        if (!e.message.empty()) std::fprintf(stderr, "xunlu: %s\n", e.message.c_str());
        return e.code;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "xunlu: out of memory (the map or the search is too large for this "
                             "machine)\n");
        return xunlu::cli::exit_bad_input;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xunlu: internal error: %s\n", e.what());
        return xunlu::cli::exit_bad_input;
    } catch (...) {
        std::fprintf(stderr, "xunlu: internal error (unknown exception)\n");
        return xunlu::cli::exit_bad_input;
    }
    return 0;
}
