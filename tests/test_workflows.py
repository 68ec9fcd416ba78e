"""The GitHub workflows (.github/workflows/), linted like code:

- GitHub's workflow schema (``check-jsonschema --builtin-schema vendor.github-workflows``, whose
  schema ships inside the package: no network);
- zizmor's security audits (``--offline``), with no finding left;
- every action pinned to a full commit SHA, with its version in a comment;
- least permissions: none at the workflow's level, each job names what it needs, and only the
  deploy job may write (to Pages, with the OIDC token Pages asks for).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent
#: what a job may be granted beyond reading the repository, and why
WRITES = {("pages.yml", "deploy"): {"pages": "write", "id-token": "write"}}


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def load(path: Path) -> dict:
    return YAML(typ="safe").load(path.read_text())


def test_there_are_the_two_workflows():
    assert {p.name for p in WORKFLOWS} == {"test.yml", "pages.yml"}


def test_the_workflows_match_githubs_schema():
    run = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", *map(str, WORKFLOWS)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_zizmor_finds_nothing():
    run = subprocess.run(
        [tool("zizmor"), "--offline", "--no-progress", str(ROOT / ".github" / "workflows")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(path):
    uses = re.findall(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", path.read_text(), re.M)
    assert uses
    for ref, rest in uses:
        if ref.startswith("./"):
            continue  # a workflow of this repository, at the same commit
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), f"{ref}: not pinned to a full commit SHA"
        assert re.match(r"\s*#\s*v\d+\.\d+\.\d+\b", rest), f"{ref}: no '# vX.Y.Z' comment after the SHA"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_least_permissions(path):
    flow = load(path)
    assert flow.get("permissions") == {}, (
        "the workflow grants nothing by default; each job says what it needs"
    )
    for name, job in flow["jobs"].items():
        granted = job.get("permissions")
        assert isinstance(granted, dict), f"{name}: no permissions of its own"
        extra = {k: v for k, v in granted.items() if not (k == "contents" and v == "read")}
        assert extra == WRITES.get((path.name, name), {}), f"{name}: {extra}"


def test_pages_deploys_only_what_the_tests_passed_and_then_checks_it():
    jobs = load(ROOT / ".github" / "workflows" / "pages.yml")["jobs"]
    assert jobs["test"]["uses"] == "./.github/workflows/test.yml"
    assert jobs["test"]["with"] == {"pages-artifact": True}
    assert jobs["deploy"]["needs"] == "test"
    assert jobs["smoke"]["needs"] == "deploy"
    smoke = " ".join(str(step.get("run", "")) for step in jobs["smoke"]["steps"])
    assert "-m deployed" in smoke and '--site-url "$PAGE_URL"' in smoke
    assert jobs["smoke"]["env"]["PAGE_URL"] == "${{ needs.deploy.outputs.page_url }}"
    assert jobs["deploy"]["outputs"]["page_url"] == "${{ steps.deployment.outputs.page_url }}"


def test_the_test_workflow_runs_the_readme_command_with_the_runners_chrome():
    flow = load(ROOT / ".github" / "workflows" / "test.yml")
    job = flow["jobs"]["test"]
    assert job["env"]["WTT_CHROMIUM"] == "/usr/bin/google-chrome"
    runs = [str(step.get("run", "")) for step in job["steps"]]
    assert any(r.startswith("./scripts/dev test ") and "--tracing retain-on-failure" in r for r in runs)
    assert "./scripts/dev test" in (ROOT / "README.md").read_text()
    uploads = [s for s in job["steps"] if "upload-artifact" in str(s.get("uses", ""))]
    assert uploads and uploads[0]["if"] == "failure()" and uploads[0]["with"]["path"] == "test-results/"
    keys = " ".join(str(s.get("with", {}).get("key", "")) for s in job["steps"])
    assert "hashFiles('pyproject.toml')" in keys and "hashFiles('package-lock.json')" in keys
