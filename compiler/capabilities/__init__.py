"""The capabilities catalogue: every capability the IR knows (`durakc.ir._capabilities`), the
spec keys that switch it on, the bundled variants that use it and the targets that build it
(issue 30 item 3; the single declaration per capability of item 2 is still to come)."""
