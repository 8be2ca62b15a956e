# Warnings as errors on our own targets, set per target (never as global flags).
function(dune_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Wunused
    -Woverloaded-virtual -Wimplicit-fallthrough -Werror)
endfunction()
