extension JSONPatch {
    /// The canonical text of this patch applied to the value whose canonical
    /// text is `text`, made by editing `text` where the operations point
    /// (`CanonicalTextEditor`): exactly `apply(to: value).canonicalBytes`,
    /// or nil where the editor refuses and the plain path must tell.
    public func splicing(intoCanonical text: [UInt8]) -> [UInt8]? {
        let editor = CanonicalTextEditor(text: text)
        return editor.apply(self) ? editor.text : nil
    }
}
