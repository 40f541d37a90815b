"""The production settings, with the benchmarks' bare views beside the app's (bench_urls): a
benchmark's baseline runs on the same server stack as what it measures."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench_urls"
