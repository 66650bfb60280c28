#!/bin/sh
# The steps of the reconcilelint GitHub Action (action.yml), in one script so that they
# can be tested (internal/e2e/action_test.go runs them with binaries that exit 0-3).
#
#   run.sh analyse   runs reconcilelint once: annotations (-format=github) on standard
#                    output, SARIF in $RECONCILELINT_SARIF; always exits 0 and records
#                    the tool's exit code as exit-code= in $GITHUB_OUTPUT, so that the
#                    SARIF upload step runs even when there are findings.
#                    It also records result=: the exit code, or "crash" when the tool
#                    died of a Go runtime error (which exits 2 like a usage error).
#   run.sh verdict RESULT
#                    fails (exits 1) when RESULT is 2, crash or 3 (usage or
#                    configuration error, a crash, incomplete analysis: always), or 1
#                    (findings) when $RECONCILELINT_FAIL_ON_FINDINGS is true; else
#                    exits 0.
#
# Environment: RECONCILELINT (the binary, default reconcilelint), RECONCILELINT_ARGS
# (split on white space, default ./...), RECONCILELINT_SARIF (default
# reconcilelint.sarif), RECONCILELINT_FAIL_ON_FINDINGS (true or false, default true),
# GITHUB_OUTPUT (optional).
set -u

case "${1:-}" in
analyse)
	bin=${RECONCILELINT:-reconcilelint}
	sarif=${RECONCILELINT_SARIF:-reconcilelint.sarif}
	rm -f "$sarif"
	errlog=$(mktemp)
	# shellcheck disable=SC2086 # the arguments are split on purpose
	"$bin" -format=github -sarif-output="$sarif" ${RECONCILELINT_ARGS:-./...} 2>"$errlog"
	code=$?
	cat "$errlog" >&2
	# A Go runtime crash (a panic, or a fatal error such as a stack overflow) also exits
	# 2, the code of a usage error: tell them apart by what the runtime prints.
	result=$code
	if [ "$code" = 2 ] && grep -Eq '^(panic: |fatal error: |runtime: )' "$errlog"; then
		result=crash
	fi
	rm -f "$errlog"
	echo "reconcilelint exited $code"
	if [ -n "${GITHUB_OUTPUT:-}" ]; then
		echo "exit-code=$code" >>"$GITHUB_OUTPUT"
		echo "result=$result" >>"$GITHUB_OUTPUT"
		if [ -f "$sarif" ]; then
			echo "sarif=$sarif" >>"$GITHUB_OUTPUT"
		fi
	fi
	exit 0
	;;
verdict)
	code=${2:-}
	case "$code" in
	0)
		echo "reconcilelint: no findings"
		exit 0
		;;
	1)
		case "${RECONCILELINT_FAIL_ON_FINDINGS:-true}" in
		true)
			echo "reconcilelint: findings (fail-on-findings is true)"
			exit 1
			;;
		false)
			echo "reconcilelint: findings (fail-on-findings is false: not failing the job)"
			exit 0
			;;
		*)
			echo "reconcilelint: fail-on-findings must be true or false, not '${RECONCILELINT_FAIL_ON_FINDINGS}'" >&2
			exit 1
			;;
		esac
		;;
	2)
		echo "reconcilelint: usage or configuration error (exit 2): see the log of the analysis step" >&2
		exit 1
		;;
	crash)
		echo "reconcilelint crashed (a Go runtime error, exit 2): see the log of the analysis step, and please report it with that log" >&2
		exit 1
		;;
	3)
		echo "reconcilelint: the analysis could not complete (exit 3): see the log of the analysis step" >&2
		exit 1
		;;
	*)
		echo "reconcilelint: unexpected exit code '$code' (the analysis did not run?)" >&2
		exit 1
		;;
	esac
	;;
*)
	echo "usage: run.sh analyse | run.sh verdict CODE" >&2
	exit 2
	;;
esac
