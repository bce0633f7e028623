"""Große kleine Edelsteine in Discord (issue 24): so far the round's picture. The presenter and
its registration come with the service's pool decisions (docs/architecture.md)."""
