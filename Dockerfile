# tcgen05-check in a container:
#   docker build -t tcgen05-check .
#   docker run --rm -v "$PWD:/work" -w /work tcgen05-check kernels/
# The stage `wheel` is the wheel alone, which the GitHub Action installs:
#   docker buildx build --target wheel --output type=local,dest=dist .
FROM debian:bookworm AS build
COPY . /src
RUN /src/tools/install-deps.sh \
 && cmake -G Ninja -S /src -B /build -DCMAKE_BUILD_TYPE=Release \
      -DTCGEN05_BUILD_TESTS=OFF -DTCGEN05_BUILD_BENCH=OFF \
 && cmake --build /build --target wheel

FROM scratch AS wheel
COPY --from=build /build/dist/ /

FROM debian:bookworm-slim
COPY --from=build /build/dist/ /tmp/dist/
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null \
 && python3 -m venv /opt/tcgen05-check \
 && /opt/tcgen05-check/bin/pip install --quiet --no-index /tmp/dist/*.whl \
 && rm -rf /tmp/dist /var/lib/apt/lists/*
ENV PATH=/opt/tcgen05-check/bin:$PATH
ENTRYPOINT ["tcgen05-check"]
