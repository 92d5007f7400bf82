"""The capabilities catalogue (`durakc capabilities`, `durakc explain`): every capability the
IR knows, the spec keys that switch it on, the bundled variants that use it and the targets
that build it; and the README table written from it.  It reads the IR and the C target, so it
lies above them; the declarations it lists lie below, in `durakc.capabilities`."""
