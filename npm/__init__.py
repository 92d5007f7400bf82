"""The JavaScript sources of the npm package @durakc/engines (docs/npm.md).

Shipped as package data of `durakc.npm` so that `durakc build --target npm` can write the
package from an installed durakc; nothing here is Python but this file."""
